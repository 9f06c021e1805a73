import { Column, DataType, Default, Model, PrimaryKey } from 'sequelize-typescript';

/**
 * A table keyed by a random uuid `id`. The root of the model bases (after Outline's
 * `models/base/IdModel.ts`): a column declared here is inherited by every concrete model, since
 * sequelize-typescript reads its decorators' metadata through the prototype chain. Abstract and
 * without `@Table`: only the concrete classes are registered (db/models/index.ts). Timestamps
 * are named and switched on by `db/sequelize.ts` (`define`), or off by a model's own `@Table`.
 */
export abstract class UuidModel extends Model {
  @PrimaryKey
  @Default(DataType.UUIDV4)
  @Column({ type: DataType.UUID })
  declare id: string;
}
