import { UuidModel } from './UuidModel';

/**
 * A uuid-keyed table with `created_at` only: its concrete model says
 * `@Table({ ..., updatedAt: false })`. sequelize fills the column (db/sequelize.ts).
 */
export abstract class CreatedAtModel extends UuidModel {
  declare created_at: Date;
}
