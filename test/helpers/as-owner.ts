import { type Sequelize } from 'sequelize-typescript';

/**
 * Runs `statements` in one transaction of the app's own pool as the tables' owner (the superuser
 * the test stack connects as), for that transaction only: what a test may do and the api's role
 * (DATABASE_APP_ROLE) may not, such as DDL, turning triggers off, ending another backend or
 * reading other sessions in pg_stat_activity. Answers the rows of the last statement.
 * `SET LOCAL ROLE NONE` ends with the transaction, so the connection goes back to the pool as the
 * api's role whatever happened.
 */
export async function asTableOwner(sequelize: Sequelize, statements: [string, unknown[]?][]): Promise<unknown[]> {
  return sequelize.transaction(async (transaction) => {
    await sequelize.query('SET LOCAL ROLE NONE', { transaction });
    let rows: unknown[] = [];
    for (const [statement, bind] of statements) [rows] = await sequelize.query(statement, { bind, transaction });
    return rows;
  });
}
