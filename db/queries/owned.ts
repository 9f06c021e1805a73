import { type FindOptions, type Transaction, type WhereOptions } from 'sequelize';
import { type Model, type ModelCtor } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { type Page, pageOffset, type PageRequest } from '../../domain/pagination';

/**
 * Queries on tables with an `owner_id`. Every read goes through these, so a record of
 * another user is indistinguishable from one that does not exist.
 */
export async function findOwned<M extends Model>(
  model: ModelCtor<M>,
  label: string,
  id: string,
  ownerId: string,
  options: { transaction?: Transaction; lock?: boolean } = {},
): Promise<M> {
  const row = await model.findOne({
    where: { id, owner_id: ownerId } as WhereOptions,
    transaction: options.transaction,
    lock: options.lock && options.transaction ? options.transaction.LOCK.UPDATE : undefined,
  });
  if (!row) throw new NotFoundError(label);
  return row;
}

/** A page of the owner's rows, newest first, with the total; both queries run together. */
export async function listOwned<M extends Model>(
  model: ModelCtor<M>,
  ownerId: string,
  page: PageRequest,
  where: WhereOptions = {},
  order: FindOptions['order'] = [
    ['created_at', 'DESC'],
    ['id', 'DESC'],
  ],
): Promise<Page<M>> {
  const filter = { ...(where as object), owner_id: ownerId } as WhereOptions;
  const [items, total] = await Promise.all([
    model.findAll({ where: filter, order, limit: page.limit, offset: pageOffset(page) }),
    model.count({ where: filter }),
  ]);
  return { items, total, page: page.page, limit: page.limit };
}
