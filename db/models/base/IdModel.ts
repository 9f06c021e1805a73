import { CreatedAtModel } from './CreatedAtModel';

/**
 * The usual table: uuid `id`, `created_at` and `updated_at`, both filled by sequelize
 * (`timestamps`, `underscored` and the column names come from db/sequelize.ts's `define`).
 */
export abstract class IdModel extends CreatedAtModel {
  declare updated_at: Date;
}
