import { createMigrator } from './migrator';
import { seedDatabase } from './seed';
import { createSequelize } from './sequelize';
import { provideServiceLogin, type ServiceLogin } from './service-login';

/** Where the migrations run and whom the service logs in as (lib/config.ts). */
export interface DatabaseUrls {
  /** The service's connection, DATABASE_URL. */
  DATABASE_URL: string;
  /** The tables' owner, MIGRATION_DATABASE_URL; DATABASE_URL's user when not given. */
  MIGRATION_DATABASE_URL?: string;
  DATABASE_APP_ROLE: string;
}

/**
 * `npm run migrate`, `npm start` and the compose file's `migrate`: applies the pending migrations
 * and the seed data as the tables' owner, then gives the service its login when it has one of its
 * own (db/service-login.ts). Answers the names applied.
 */
export async function migrateDatabase(
  urls: DatabaseUrls,
  log: (message: string) => void = () => {},
): Promise<{ applied: string[]; login: ServiceLogin | null }> {
  const owner = createSequelize({ url: urls.MIGRATION_DATABASE_URL || urls.DATABASE_URL });
  try {
    const applied = (await createMigrator(owner, log).up()).map((m) => m.name);
    await seedDatabase(owner);
    const login = await provideServiceLogin(owner, urls.DATABASE_URL, urls.DATABASE_APP_ROLE);
    return { applied, login };
  } finally {
    await owner.close();
  }
}
