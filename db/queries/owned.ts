import { type Sequelize } from 'sequelize-typescript';
import { QueryTypes, type Transaction, type WhereOptions } from 'sequelize';
import { type Model, type ModelCtor } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { type Page, pageOffset, type PageRequest } from '../../domain/pagination';

/**
 * Queries on tables with an `owner_id`. Every read goes through these, so a record of
 * another user is indistinguishable from one that does not exist.
 */
export async function findOwned<M extends Model>(
  _sequelize: Sequelize,
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

/**
 * A model's columns as plain data: what list pages return. A model instance is also a Row, so
 * presenters take either.
 */
export type Row<M extends Model> = Pick<M, 'id'> & Omit<M, keyof Model>;

/**
 * One condition of a list query, as SQL whose values go through `bind` (which returns the `$n`
 * placeholder), so user input is never part of the SQL text. Column names are code constants.
 */
export type ListFilter = (bind: (value: unknown) => string) => string;

const selectLists = new WeakMap<object, string>();

/** `"field" AS "attribute", ...` for every column of the model, built once per model. */
function selectList(model: ModelCtor): string {
  let list = selectLists.get(model);
  if (!list) {
    list = Object.entries(model.getAttributes())
      .map(([name, attribute]) => {
        const field = attribute.field ?? name;
        return field === name ? `"${field}"` : `"${field}" AS "${name}"`;
      })
      .join(', ');
    selectLists.set(model, list);
  }
  return list;
}

/** Column that carries the total on every row of a list query; no table has a column of that name. */
export const TOTAL_COLUMN = 'list_total__';

/**
 * The one statement of a list page: the count, then the page joined to it, so an empty page still
 * brings the total (one row of nulls). One round trip and one pooled connection per list, where
 * two parallel queries held two. bench/api.ts sends the same statement as its baseline.
 */
export function listStatement(
  model: ModelCtor,
  ownerId: string,
  page: PageRequest,
  filters: ListFilter[] = [],
): { sql: string; values: unknown[] } {
  const values: unknown[] = [ownerId];
  const bind = (value: unknown) => `$${values.push(value)}`;
  const where = ['owner_id = $1', ...filters.map((filter) => `(${filter(bind)})`)].join(' AND ');
  const table = `"${model.getTableName() as string}"`;
  const sql =
    `SELECT counted.${TOTAL_COLUMN}, listed.* FROM (SELECT count(*)::int AS ${TOTAL_COLUMN} FROM ${table} WHERE ${where}) counted ` +
    `LEFT JOIN LATERAL (SELECT ${selectList(model)} FROM ${table} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${bind(page.limit)} OFFSET ${bind(pageOffset(page))}) listed ON true`;
  return { sql, values };
}

/**
 * A page of the owner's rows, newest first, with the total (see listStatement).
 * Written as SQL rather than `findAll`: Sequelize's query building and model instances took
 * most of the api's time on a 50-row page (docs/performance.md). Rows are plain objects.
 */
export async function listOwned<M extends Model>(
  sequelize: Sequelize,
  model: ModelCtor<M>,
  ownerId: string,
  page: PageRequest,
  filters: ListFilter[] = [],
): Promise<Page<Row<M>>> {
  const { sql, values } = listStatement(model, ownerId, page, filters);
  const rows = await sequelize.query<Row<M> & { id: string | null; [TOTAL_COLUMN]: number }>(sql, {
    bind: values,
    type: QueryTypes.SELECT,
  });
  const items = rows[0].id === null ? [] : rows.map(({ [TOTAL_COLUMN]: _total, ...row }) => row as Row<M>);
  return { items, total: rows[0][TOTAL_COLUMN], page: page.page, limit: page.limit };
}
