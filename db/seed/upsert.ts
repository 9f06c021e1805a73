import { type Transaction, type WhereOptions } from 'sequelize';
import { type Model } from 'sequelize-typescript';

/** The static side of a model class, as much of it as the seed needs. */
export interface SeedModel<M extends Model> {
  findOne(options: { where: WhereOptions; transaction: Transaction }): Promise<M | null>;
  create(values: Record<string, unknown>, options: { transaction: Transaction }): Promise<M>;
}

/**
 * Finds the row `where` names (its business key) and brings it to `values`, or creates it.
 * Saves only when something differs, so a second run writes nothing.
 * Concurrent seeds are serialised by the advisory lock in seedDatabase.
 */
export async function upsertByKey<M extends Model>(
  model: SeedModel<M>,
  where: Record<string, unknown>,
  values: Record<string, unknown>,
  transaction: Transaction,
): Promise<M> {
  const existing = await model.findOne({ where, transaction });
  if (!existing) return model.create({ ...where, ...values }, { transaction });
  existing.set(values);
  if (existing.changed()) await existing.save({ transaction });
  return existing;
}

/** Inserts the row `where` names only when it is missing; an existing row is left as it is. */
export async function insertIfMissing<M extends Model>(
  model: SeedModel<M>,
  where: Record<string, unknown>,
  values: Record<string, unknown>,
  transaction: Transaction,
): Promise<{ row: M; created: boolean }> {
  const existing = await model.findOne({ where, transaction });
  if (existing) return { row: existing, created: false };
  return { row: await model.create({ ...where, ...values }, { transaction }), created: true };
}
