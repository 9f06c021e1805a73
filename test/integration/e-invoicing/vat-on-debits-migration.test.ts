// The vat-on-debits migration (issue 32 §5) on a scratch database of the test stack's PostgreSQL:
// the option moves from the platform settings to the company profile, keeping what each studio
// chose; down moves it back.
import { createMigrator } from '../../../db/migrator';
import { useScratchDatabase } from '../../helpers/scratch-database';
import { sqlOn } from '../../helpers/sql';

const BEFORE = '2026.11.27T09.50.00.e-reporting';
const VAT_ON_DEBITS = '2026.11.27T11.00.00.vat-on-debits';

const scratch = useScratchDatabase('vat_on_debits');
const sql = sqlOn(() => scratch.sequelize());

/** A studio with a company profile and a platform connection, with or without the option. */
const studio = async (email: string, option: boolean, profile = true): Promise<string> => {
  const [{ id }] = await sql<{ id: string }>(
    `INSERT INTO users (org_id, email, password_hash) VALUES ((SELECT id FROM organizations LIMIT 1), $1, 'x') RETURNING id`,
    [email],
  );
  if (profile) await sql(`INSERT INTO user_company (user_id, company_name) VALUES ($1, 'Studio')`, [id]);
  await sql(
    `INSERT INTO platform_connections (owner_id, base_url, client_id, client_secret_encrypted, vat_on_debits)
     VALUES ($1, 'https://pa.example', 'studio', 'v1.x', $2)`,
    [id, option],
  );
  return id;
};

describe('the vat-on-debits migration', () => {
  it('copies the option into the company profile and drops it from the platform settings; down moves it back', async () => {
    const migrator = createMigrator(scratch.sequelize());
    await migrator.up({ to: BEFORE });
    await sql(`INSERT INTO organizations (name) VALUES ('Debits org')`);
    const opted = await studio('opted@migration.test', true);
    const not = await studio('not@migration.test', false);
    // Opted without a profile: no row to copy it into (no invoice can be issued without one).
    await studio('bare@migration.test', true, false);

    await migrator.up({ to: VAT_ON_DEBITS });
    expect(await sql('SELECT user_id, vat_on_debits FROM user_company ORDER BY vat_on_debits')).toEqual([
      { user_id: not, vat_on_debits: false },
      { user_id: opted, vat_on_debits: true },
    ]);
    const columns = await sql<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'platform_connections'`,
    );
    expect(columns.map((c) => c.column_name)).not.toContain('vat_on_debits');

    await migrator.down({ to: VAT_ON_DEBITS });
    expect(
      await sql(
        `SELECT u.email, c.vat_on_debits FROM platform_connections c JOIN users u ON u.id = c.owner_id ORDER BY u.email`,
      ),
    ).toEqual([
      { email: 'bare@migration.test', vat_on_debits: false },
      { email: 'not@migration.test', vat_on_debits: false },
      { email: 'opted@migration.test', vat_on_debits: true },
    ]);

    await migrator.up();
    expect(await migrator.pending()).toEqual([]);
  }, 120_000);
});
