import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

/**
 * The rows a statement answers (a SELECT, or a write with RETURNING), its values bound as $1, $2…,
 * in the caller's transaction when given: plain rows, no model.
 */
export const selectRows = <T extends object>(
  sequelize: Sequelize,
  sql: string,
  bind: unknown[],
  transaction?: Transaction,
): Promise<T[]> => sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT, transaction });
