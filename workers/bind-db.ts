import { type Sequelize } from 'sequelize-typescript';
import { type Bound } from '../activities/db-deps';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any function whose first parameter is the handle
type DbFunction = (sequelize: Sequelize, ...args: any[]) => unknown;

/**
 * Binds `sequelize` as the first argument of each db/ function (docs/architecture.md, "Calling
 * db/"): what an activity's deps carry. A generic function loses its type parameters here; bind it
 * by hand.
 */
export function bindDb<T extends Record<string, DbFunction>>(
  sequelize: Sequelize,
  fns: T,
): { [K in keyof T]: Bound<T[K]> } {
  return Object.fromEntries(
    Object.entries(fns).map(([name, fn]) => [name, (...args: unknown[]) => fn(sequelize, ...args)]),
  ) as { [K in keyof T]: Bound<T[K]> };
}
