// The more-locales migration (issue 30 §4) on a scratch database of the test stack's PostgreSQL:
// before it, en-GB is refused by the locale CHECKs; after it, every locale column takes the seven
// locales; down gives each row of a new locale its language's (en-GB → en-US, fr-CA → fr-FR).
import { createMigrator } from '../../../db/migrator';
import { useScratchDatabase } from '../../helpers/scratch-database';
import { sqlOn } from '../../helpers/sql';

const BEFORE = '2026.11.25T19.00.00.account-country';
const MORE_LOCALES = '2026.11.27T05.00.00.more-locales';

const scratch = useScratchDatabase('more_locales');
const sql = sqlOn(() => scratch.sequelize());

const insertUser = async (email: string, locale: string): Promise<string> =>
  (
    await sql<{ id: string }>(
      `INSERT INTO users (org_id, email, password_hash, time_zone, locale)
       VALUES ((SELECT id FROM organizations LIMIT 1), $1, 'x', 'Europe/London', $2) RETURNING id`,
      [email, locale],
    )
  )[0].id;

describe('the more-locales migration', () => {
  it('widens the locale CHECKs to the seven locales; down maps the new ones to their language', async () => {
    const migrator = createMigrator(scratch.sequelize());
    await migrator.up({ to: BEFORE });
    await sql(`INSERT INTO organizations (name) VALUES ('Locale org')`);
    await expect(insertUser('gb-before@migration.test', 'en-GB')).rejects.toThrow(/users_locale_check/);

    await migrator.up({ to: MORE_LOCALES });
    const owner = await insertUser('gb@migration.test', 'en-GB');
    await sql(
      `INSERT INTO contacts (owner_id, first_name, locale) VALUES ($1, 'Camille', 'fr-CA'), ($1, 'Sam', 'en-AU')`,
      [owner],
    );
    await sql(
      `INSERT INTO email_templates (owner_id, business_key, name, subject, body_html, locale)
       VALUES ($1, 'quote-sent', 'Quote', 'Your quote', '<p>Hello</p>', 'en-IE')`,
      [owner],
    );
    await expect(insertUser('de@migration.test', 'de-DE')).rejects.toThrow(/users_locale_check/);

    await migrator.down({ to: MORE_LOCALES });
    expect(await sql('SELECT locale FROM users WHERE id = $1', [owner])).toEqual([{ locale: 'en-US' }]);
    expect(await sql('SELECT first_name, locale FROM contacts ORDER BY first_name')).toEqual([
      { first_name: 'Camille', locale: 'fr-FR' },
      { first_name: 'Sam', locale: 'en-US' },
    ]);
    expect(await sql('SELECT locale FROM email_templates WHERE owner_id = $1', [owner])).toEqual([{ locale: 'en-US' }]);
    await expect(insertUser('gb-after-down@migration.test', 'en-GB')).rejects.toThrow(/users_locale_check/);

    await migrator.up();
    expect(await migrator.pending()).toEqual([]);
    await insertUser('ca@migration.test', 'en-CA');
  }, 120_000);
});
