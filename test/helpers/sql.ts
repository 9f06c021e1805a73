import { QueryTypes, type Sequelize } from 'sequelize';

/**
 * A function running one statement on the database `sequelize()` gives (read when called, so it can
 * be the test app's, started in `beforeAll`, or a scratch database's), answering its rows as `T`; a
 * failure says PostgreSQL's own message. `const sql = sqlOn(() => t.sequelize);`
 */
export const sqlOn =
  (sequelize: () => Sequelize) =>
  <T extends object = Record<string, unknown>>(statement: string, bind: unknown[] = []): Promise<T[]> =>
    sequelize()
      .query<T>(statement, { bind, type: QueryTypes.SELECT })
      .catch((err: unknown) => {
        throw new Error(String((err as { original?: Error }).original?.message ?? err));
      });
