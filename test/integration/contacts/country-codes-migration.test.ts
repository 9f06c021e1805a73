// The country-codes migration on a database holding contacts and company profiles with the free-text
// countries typed before the rule, and an issued invoice whose buyer copy has one: a scratch database
// on the test stack's PostgreSQL, migrated up to the migration before it, filled with plain SQL, then
// migrated (and down and up again). The test stack's own database is never touched.
import { createMigrator } from '../../../db/migrator';
import { useScratchDatabase } from '../../helpers/scratch-database';
import { sqlOn } from '../../helpers/sql';

const BEFORE = '2026.11.25T08.00.00.invoice-service-dates';
const COUNTRY_CODES = '2026.11.25T09.00.00.country-codes';

const scratch = useScratchDatabase('country_codes');

/** A statement on the scratch database; a failure says PostgreSQL's own message. */
const sql = sqlOn(() => scratch.sequelize());

/** Stored contact countries before → after. */
const CONTACTS: [string | null, string | null][] = [
  ['France', 'FR'],
  ['FR', 'FR'],
  ['fr', 'FR'],
  ['Royaume-Uni', 'GB'],
  ['germany', 'DE'],
  ['  États-Unis ', 'US'],
  ['UK', 'GB'],
  ['Angleterre', 'GB'],
  ['Atlantis', 'Atlantis'],
  ['XX', 'XX'],
  ['Paris 75011', 'Paris 75011'],
  ['', ''],
  [null, null],
];

async function insertRows(): Promise<{ owners: string[]; invoiceId: string }> {
  const [{ id: org }] = await sql<{ id: string }>(
    `INSERT INTO organizations (name) VALUES ('Country org') RETURNING id`,
  );
  const owners: string[] = [];
  for (const n of [1, 2, 3]) {
    const [{ id }] = await sql<{ id: string }>(
      `INSERT INTO users (org_id, email, password_hash, time_zone) VALUES ($1, $2, 'x', 'Europe/Paris') RETURNING id`,
      [org, `country${n}@migration.test`],
    );
    owners.push(id);
  }
  for (const [i, [country]] of CONTACTS.entries())
    await sql(`INSERT INTO contacts (owner_id, first_name, country) VALUES ($1, $2, $3)`, [
      owners[0],
      `Client ${i}`,
      country,
    ]);
  await sql(
    `INSERT INTO user_company (user_id, company_name, company_country) VALUES ($1, 'Bright Studio Ltd', 'Royaume-Uni')`,
    [owners[0]],
  );
  // Read as FR, but its SIREN is no French number: converting it would break user_company_french_numbers.
  await sql(
    `INSERT INTO user_company (user_id, company_name, company_country, siren) VALUES ($1, 'Studio Corse', 'Corse', 'ABC123')`,
    [owners[1]],
  );
  await sql(
    `INSERT INTO user_company (user_id, company_name, company_country) VALUES ($1, 'Studio Nowhere', 'Narnia')`,
    [owners[2]],
  );
  const [{ id: invoiceId }] = await sql<{ id: string }>(
    `INSERT INTO invoices (owner_id, title, amount, status) VALUES ($1, 'Facture', 0, 'DRAFT') RETURNING id`,
    [owners[0]],
  );
  await sql(
    `UPDATE invoices SET status = 'ISSUED', number = 'F-2026-00001', issued_at = now(), buyer = '{"name": "Ada", "country": "Royaume-Uni"}'::jsonb WHERE id = $1`,
    [invoiceId],
  );
  return { owners, invoiceId };
}

async function expectConverted({ owners, invoiceId }: Awaited<ReturnType<typeof insertRows>>): Promise<void> {
  const contacts = await sql<{ first_name: string; country: string | null }>(
    'SELECT first_name, country FROM contacts ORDER BY created_at, first_name',
  );
  const byName = new Map(contacts.map((c) => [c.first_name, c.country]));
  expect(CONTACTS.map(([before], i) => [before, byName.get(`Client ${i}`)])).toEqual(CONTACTS);
  const companies = await sql<{ user_id: string; company_country: string }>(
    'SELECT user_id, company_country FROM user_company',
  );
  expect(Object.fromEntries(companies.map((c) => [owners.indexOf(c.user_id), c.company_country]))).toEqual({
    0: 'GB',
    1: 'Corse',
    2: 'Narnia',
  });
  // An issued invoice's buyer is what was issued.
  expect((await sql<{ buyer: unknown }>('SELECT buyer FROM invoices WHERE id = $1', [invoiceId]))[0].buyer).toEqual({
    name: 'Ada',
    country: 'Royaume-Uni',
  });
}

describe('the country-codes migration', () => {
  it('stores the countries the rule reads as ISO codes, keeps any other text as it was, and leaves issued invoices alone; down and up again give the same', async () => {
    const migrator = createMigrator(scratch.sequelize());
    await migrator.up({ to: BEFORE });
    expect((await migrator.pending()).map((m) => m.name)).toContain(COUNTRY_CODES);
    const rows = await insertRows();

    await migrator.up({ to: COUNTRY_CODES });
    await expectConverted(rows);

    await migrator.down({ to: COUNTRY_CODES });
    await expectConverted(rows);
    await migrator.up();
    expect(await migrator.pending()).toEqual([]);
    await expectConverted(rows);
  }, 120_000);
});
