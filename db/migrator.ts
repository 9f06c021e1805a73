import path from 'node:path';
import { type QueryInterface } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { SequelizeStorage, Umzug } from 'umzug';

/** A migration file: `up` and `down`, each given the query interface. Never edit one that landed. */
export interface Migration {
  up: (args: { context: QueryInterface }) => Promise<void>;
  down: (args: { context: QueryInterface }) => Promise<void>;
}

/**
 * Umzug over `db/migrations/*.ts`, recorded in the `schema_migrations` table.
 * File names start with a timestamp (`2026.11.22T04.00.00.name.ts`) so the order is the name order.
 */
export function createMigrator(sequelize: Sequelize, log: (message: string) => void = () => {}) {
  return new Umzug<QueryInterface>({
    migrations: {
      glob: ['migrations/*.{ts,js}', { cwd: __dirname, ignore: ['**/*.d.ts'] }],
      resolve: ({ name, path: filePath, context }) => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const migration = require(filePath as string) as Migration;
        return {
          name: path.basename(name, path.extname(name)),
          up: async () => migration.up({ context }),
          down: async () => migration.down({ context }),
        };
      },
    },
    context: sequelize.getQueryInterface(),
    storage: new SequelizeStorage({ sequelize, tableName: 'schema_migrations' }),
    logger: {
      info: (e) => log(JSON.stringify(e)),
      warn: (e) => log(JSON.stringify(e)),
      error: (e) => log(JSON.stringify(e)),
      debug: () => {},
    },
  });
}

/** Runs `sql` (many statements are fine) in one transaction, so a migration lands whole or not at all. */
export async function runSql(context: QueryInterface, sql: string): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    await context.sequelize.query(sql, { transaction });
  });
}
