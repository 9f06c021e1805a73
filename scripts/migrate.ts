// `npm run migrate`: applies pending migrations and the seed data to DATABASE_URL.
// `npm run migrate -- down` reverts the last migration.
import { createMigrator } from '../db/migrator';
import { seedDatabase } from '../db/seed';
import { createSequelize } from '../db/sequelize';

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is missing');
  const sequelize = createSequelize({ url });
  try {
    const migrator = createMigrator(sequelize);
    if (process.argv[2] === 'down') {
      const reverted = await migrator.down();
      console.log(`Reverted: ${reverted.map((m) => m.name).join(', ') || 'nothing'}`);
      return;
    }
    const applied = await migrator.up();
    await seedDatabase(sequelize);
    console.log(`Migrations applied: ${applied.length}; seed data in place.`);
  } finally {
    await sequelize.close();
  }
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
