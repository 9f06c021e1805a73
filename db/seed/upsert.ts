import { type Attributes, type CreationAttributes, type Transaction, type WhereOptions } from 'sequelize';
import { type Model, type ModelCtor } from 'sequelize-typescript';

// The seed's rows are plain objects checked by the database (CHECKs, NOT NULLs), so the
// helpers take records and cast once here rather than at every call.

/**
 * Finds the row `where` names (its business key) and brings it to `values`, or creates it.
 * Saves only when something differs, so a second run writes nothing.
 * Concurrent seeds are serialised by the advisory lock in seedDatabase.
 */
export async function upsertByKey<M extends Model>(
  model: ModelCtor<M>,
  where: Record<string, unknown>,
  values: Record<string, unknown>,
  transaction: Transaction,
): Promise<M> {
  const existing = await model.findOne({ where: where as WhereOptions<Attributes<M>>, transaction });
  if (!existing) return model.create({ ...where, ...values } as CreationAttributes<M>, { transaction });
  existing.set(values);
  if (existing.changed()) await existing.save({ transaction });
  return existing;
}

/** Inserts the row `where` names only when it is missing; an existing row is left as it is. */
export async function insertIfMissing<M extends Model>(
  model: ModelCtor<M>,
  where: Record<string, unknown>,
  values: Record<string, unknown>,
  transaction: Transaction,
): Promise<{ row: M; created: boolean }> {
  const existing = await model.findOne({ where: where as WhereOptions<Attributes<M>>, transaction });
  if (existing) return { row: existing, created: false };
  return { row: await model.create({ ...where, ...values } as CreationAttributes<M>, { transaction }), created: true };
}
