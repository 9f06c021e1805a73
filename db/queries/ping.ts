import { type Sequelize } from 'sequelize-typescript';

/** One round trip to the database (readiness checks). */
export async function pingDatabase(sequelize: Sequelize): Promise<void> {
  await sequelize.query('SELECT 1');
}

/** Whether the schema is there (the newest table of the data model exists): `npm run demo` asks before it writes. */
export async function databaseMigrated(sequelize: Sequelize): Promise<boolean> {
  const [[{ ready }]] = (await sequelize.query("SELECT to_regclass('public.invoice_items') IS NOT NULL AS ready")) as [
    [{ ready: boolean }],
    unknown,
  ];
  return ready;
}
