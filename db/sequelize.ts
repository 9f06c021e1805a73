import 'reflect-metadata';
import pg from 'pg';
import { Sequelize } from 'sequelize-typescript';
import { models } from './models';
import { isolateStudios } from './studio-session';
import { createTimestamptzParser } from './timestamptz';

// Process-wide, once: Sequelize's connections fall back to pg's parsers for timestamptz.
pg.types.setTypeParser(
  pg.types.builtins.TIMESTAMPTZ,
  createTimestamptzParser(pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ)),
);

export interface DatabaseOptions {
  url: string;
  poolMax?: number;
  /** Receives each SQL statement when set (debug only: statements may hold personal data). */
  logSql?: (sql: string) => void;
  /**
   * The role the connections act as (DATABASE_APP_ROLE): the service's processes pass it, so
   * row-level security applies to them; the migrator and tools that must act as the tables'
   * owner do not (db/studio-session.ts).
   */
  appRole?: string;
}

/** One Sequelize instance per process, with every model registered. */
export function createSequelize({ url, poolMax = 10, logSql, appRole }: DatabaseOptions): Sequelize {
  const sequelize = new Sequelize(url, {
    dialect: 'postgres',
    logging: logSql ?? false,
    models: [...models],
    pool: { max: poolMax, min: 0, idle: 10_000, acquire: 15_000 },
    // Money and percentages are decimals; keep them strings so no float ever touches them.
    dialectOptions: { application_name: 'studio-service' },
    define: { underscored: true, timestamps: true, createdAt: 'created_at', updatedAt: 'updated_at' },
  });
  isolateStudios(sequelize, appRole);
  return sequelize;
}
