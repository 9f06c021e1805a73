import { Column, DataType, Default, Table } from 'sequelize-typescript';
import { UuidModel } from './base/UuidModel';

export type PaymentProvider = 'cardprovider' | 'walletprovider';

/** A payment provider's webhook event already applied (unique provider + event_id). */
@Table({ tableName: 'processed_provider_events', timestamps: false })
export class ProcessedProviderEvent extends UuidModel {
  @Column({ type: DataType.STRING(20), allowNull: false })
  declare provider: PaymentProvider;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare event_id: string;

  @Column({ type: DataType.TEXT, allowNull: false })
  declare event_type: string;

  @Column({ type: DataType.UUID })
  declare invoice_id: string | null;

  @Default(DataType.NOW)
  @Column({ type: DataType.DATE, allowNull: false })
  declare processed_at: Date;
}
