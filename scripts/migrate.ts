// `npm run migrate`: applies pending migrations and the seed data as MIGRATION_DATABASE_URL (or
// DATABASE_URL), and gives DATABASE_URL's user its login when it is another (db/service-login.ts).
// `npm run migrate -- down` reverts the last migration.
import { migrateDatabase } from '../db/migrate-database';
import { createMigrator } from '../db/migrator';
import { createSequelize } from '../db/sequelize';
import { DEFAULT_APP_ROLE } from '../db/app-role';

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is missing');
  const ownerUrl = process.env.MIGRATION_DATABASE_URL || url;
  if (process.argv[2] === 'down') {
    const sequelize = createSequelize({ url: ownerUrl });
    try {
      const reverted = await createMigrator(sequelize).down();
      console.log(`Reverted: ${reverted.map((m) => m.name).join(', ') || 'nothing'}`);
    } finally {
      await sequelize.close();
    }
    return;
  }
  const { applied, login } = await migrateDatabase({
    DATABASE_URL: url,
    MIGRATION_DATABASE_URL: ownerUrl,
    DATABASE_APP_ROLE: process.env.DATABASE_APP_ROLE || DEFAULT_APP_ROLE,
  });
  console.log(
    `Migrations applied: ${applied.length}; seed data in place` +
      (login ? `; the service logs in as ${login.user} (${login.created ? 'created' : 'kept'}).` : '.'),
  );
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
