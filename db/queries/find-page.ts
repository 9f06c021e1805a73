import { type FindAndCountOptions, type Model, type ModelStatic } from 'sequelize';
import { type Page, pageOffset, type PageRequest } from '../../domain/pagination';

/**
 * One page of the rows `options` find, newest first by `newestBy` (then by id, so a page never
 * repeats or skips a row that shares the same instant), with the total: the shape of every list.
 */
export async function findPage<M extends Model>(
  model: ModelStatic<M>,
  options: Omit<FindAndCountOptions, 'order' | 'limit' | 'offset'>,
  page: PageRequest,
  newestBy = 'created_at',
): Promise<Page<M>> {
  const { rows, count } = await model.findAndCountAll({
    ...options,
    order: [
      [newestBy, 'DESC'],
      ['id', 'DESC'],
    ],
    limit: page.limit,
    offset: pageOffset(page),
  });
  return { items: rows, total: count, page: page.page, limit: page.limit };
}
