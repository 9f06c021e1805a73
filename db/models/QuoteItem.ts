import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { DocumentLineModel } from './base/DocumentLineModel';
import { Quote } from './Quote';

/** A line of a quote, deleted with it; its columns are declared in DocumentLineModel. */
@Table({ tableName: 'quote_items' })
export class QuoteItem extends DocumentLineModel {
  @ForeignKey(() => Quote)
  @Column({ type: DataType.UUID, allowNull: false })
  declare quote_id: string;

  // Associations

  @BelongsTo(() => Quote, 'quote_id')
  declare quote?: Quote;
}
