import { type Sequelize } from 'sequelize-typescript';
import { type Transaction, type WhereOptions } from 'sequelize';
import { type Model, type ModelCtor } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { createHash } from 'node:crypto';
import { pageOffset, type PageRequest } from '../../domain/pagination';
import { type Prepared, prepared, preparedRows } from '../pg-client';

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

/**
 * A list page as PostgreSQL writes it: one JSON object per row, `item` naming the presenter's
 * fields in its order (over the alias `t` of `table`; `bind` places a value), as row_to_json
 * writes them: compact, keys in order, strings escaped as JSON.stringify escapes them.
 */
export interface JsonListShape {
  table: string;
  item: (bind: (value: unknown) => string) => string;
}

/** The named statement of each list page's text, named once (a list has one text per shape of filters). */
const listPageStatements = new Map<string, Prepared>();
function listPageStatement(text: string): Prepared {
  let statement = listPageStatements.get(text);
  if (!statement) {
    statement = prepared(`list:${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text);
    listPageStatements.set(text, statement);
  }
  return statement;
}

/** An instant as the presenters write it (Date#toISOString: milliseconds, truncated, in UTC), for a column. */
export const isoMillis = (column: string) =>
  `to_char(date_trunc('milliseconds', ${column}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A page of the owner's rows, newest first, as the JSON text of the api's page (`{"items":[...],
 * "total":n,"page":p,"limit":l}`), built by PostgreSQL in one statement and written to the response
 * as it is: no row parsing, model, presenter or JSON.stringify in the api (issue 43; PostgREST's
 * way). The same rows, total and order as listOwned. Sent as a named statement, planned once per
 * connection for each shape of filters.
 */
export async function listOwnedJson(
  sequelize: Sequelize,
  shape: JsonListShape,
  ownerId: string,
  page: PageRequest,
  filters: ListFilter[] = [],
): Promise<string> {
  const values: unknown[] = [ownerId];
  const bind = (value: unknown) => `$${values.push(value)}`;
  const where = ['owner_id = $1', ...filters.map((filter) => `(${filter(bind)})`)].join(' AND ');
  const item = shape.item(bind);
  const [limit, offset, number] = [bind(page.limit), bind(pageOffset(page)), bind(page.page)];
  const table = `"${shape.table}"`;
  const text = `WITH listed AS (
  SELECT row_to_json(r)::text AS item, t.created_at, t.id
  FROM (SELECT * FROM ${table} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${limit}::int OFFSET ${offset}::int) t
  CROSS JOIN LATERAL (SELECT ${item}) r
)
SELECT '{"items":[' || coalesce((SELECT string_agg(item, ',' ORDER BY created_at DESC, id DESC) FROM listed), '')
  || '],"total":' || (SELECT count(*) FROM ${table} WHERE ${where})
  || ',"page":' || ${number}::int || ',"limit":' || ${limit}::int || '}' AS page`;
  const [row] = await preparedRows<{ page: string }>(sequelize, listPageStatement(text), values);
  return row.page;
}
