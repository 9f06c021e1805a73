import crypto from 'node:crypto';
import { Client } from 'pg';
import { type Sequelize } from 'sequelize-typescript';
import { createSequelize } from '../../db/sequelize';

/**
 * A database of its own on the test stack's PostgreSQL for the current test file (a migration
 * test fills it with plain SQL and migrates it up and down): created before the file's tests,
 * dropped after them; the stack's own database is never touched. `sequelize()` answers the
 * connection once the file's beforeAll has run.
 */
export function useScratchDatabase(prefix: string): { sequelize: () => Sequelize } {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  let admin: Client | undefined;
  let sequelize: Sequelize | undefined;
  beforeAll(async () => {
    admin = new Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${name}`;
    sequelize = createSequelize({ url: url.toString(), poolMax: 2 });
  });
  afterAll(async () => {
    await sequelize?.close();
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });
  return {
    sequelize: () => {
      if (!sequelize) throw new Error('the scratch database is made in beforeAll');
      return sequelize;
    },
  };
}
