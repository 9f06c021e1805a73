// `npm run demo`: a demo studio account (demo@studio.local) with French and American clients,
// sessions, quotes and invoices, in the database of `npm start` (or DATABASE_URL).
// Goes through the api's commands, so its contacts and sessions carry the same outbox events.
// Idempotent: a second run finds everything in place and creates nothing.
import { makeEInvoiceXml } from '../lib/facturx/e-invoice-gate';
import { databaseMigrated } from '../db/queries/ping';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_TENANT_SLUG } from '../db/seed/demo-data';
import { ensureDemo } from './demo-studio';
import { createSequelize } from '../db/sequelize';

/** The database `npm start` brings up when DATABASE_URL is not set (scripts/stack/stack.ts). */
const NPM_START_DATABASE_URL = 'postgres://postgres:postgres@127.0.0.1:5433/studio';
/** "postgres://user:***@host:port/db": never print a password. */
const redact = (url: string): string => url.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
/** Cents to the decimal string of a summary line: 15000 → "150.00". */
const euros = (cents: number): string => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

async function main() {
  const url = process.env.DATABASE_URL ?? NPM_START_DATABASE_URL;
  if (!process.env.DATABASE_URL)
    console.log(`DATABASE_URL is not set: using the \`npm start\` database (${redact(url)}).`);
  const sequelize = createSequelize({ url });
  try {
    try {
      await sequelize.authenticate();
    } catch (err) {
      console.error(`Cannot reach PostgreSQL at ${redact(url)} (${(err as Error).message}).`);
      console.error('Start the stack with `npm start` first, or set DATABASE_URL to a migrated database.');
      process.exitCode = 1;
      return;
    }
    if (!(await databaseMigrated(sequelize))) {
      console.error('The database is not migrated: run `npm run migrate` (or `npm start`) first.');
      process.exitCode = 1;
      return;
    }
    const summary = await ensureDemo(sequelize, makeEInvoiceXml);
    const made = Object.values(summary.created).reduce((a, b) => a + b, 0);
    console.log(made === 0 ? 'The demo studio already exists: nothing changed.' : 'Demo studio ready.');
    console.log(`  Login:     ${DEMO_EMAIL} / ${DEMO_PASSWORD}  (POST /api/auth/login)`);
    console.log(`  Studio:    ${summary.user.name}, plan studio, tenant "${DEMO_TENANT_SLUG}", locale fr-FR`);
    console.log(`  Contacts:  ${summary.contacts} (${summary.created.contacts} new)`);
    console.log(
      `  Sessions:  ${summary.sessions} (${summary.created.sessions} new; pending, validated, completed, cancelled)`,
    );
    console.log(`  Quotes:    ${summary.quotes} (${summary.created.quotes} new)`);
    console.log(
      `  Invoices:  ${summary.invoices} (${summary.created.invoices} new; ${euros(summary.paidCents)} EUR paid by card and wallet)`,
    );
    console.log('  Ledger:    a part paid by bank transfer (Dubois) and a partial credit note (Thompson & Co)');
    if (summary.created.users)
      console.log('  Contacts and sessions were recorded as domain events (outbox_events), as through the api.');
  } finally {
    await sequelize.close();
  }
}

main().catch((err: Error) => {
  console.error(`Demo failed: ${err.message}`);
  process.exit(1);
});
