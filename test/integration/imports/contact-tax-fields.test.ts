// The contact's region and tax treatment (issue 30: `region`, `tax_exempt_reference`,
// `reverse_charge`) travel through the contacts import and export, through HTTP against the real
// stack: a csv with a New York client holding a resale certificate and an Irish business billed
// under reverse charge is read (headers in English or French, yes/no in either), bad cells are
// errors on their line, and the export, imported by another studio, gives the same contacts back.
import Papa from 'papaparse';
import request from 'supertest';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { startMainWorker, type WorkerProcess } from '../../helpers/worker-process';

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  worker = await startMainWorker('contact-tax-fields');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const importCsv = (user: TestUser, csv: string) =>
  request(t.app)
    .post('/api/import/contacts')
    .set(as(user))
    .attach('file', Buffer.from(csv), { filename: 'contacts.csv', contentType: 'text/csv' });

interface TaxFields {
  last_name: string;
  region: string | null;
  tax_exempt_reference: string | null;
  reverse_charge: boolean;
}
const taxFieldsOf = async (user: TestUser): Promise<TaxFields[]> =>
  (
    (await request(t.app).get('/api/contacts?limit=100').set(as(user)).expect(200)).body.items as (TaxFields &
      Record<string, unknown>)[]
  )
    .map(({ last_name, region, tax_exempt_reference, reverse_charge }) => ({
      last_name,
      region,
      tax_exempt_reference,
      reverse_charge,
    }))
    .sort((a, b) => a.last_name.localeCompare(b.last_name));

describe('the contacts import and export carry region and tax treatment', () => {
  it('reads them, refuses bad cells on their line, and the export imports back the same', async () => {
    const studio = await buildUser(t.app);
    const csv = [
      'Prénom,Nom,Email,Pays,État,Certificat d’exonération,Autoliquidation',
      'Ava,Brooks,ava@example.com,US, ny ,NY-RC-2231,non',
      'Cian,Byrne,cian@example.ie,IE,,,oui',
      'Dana,Cole,dana@example.com,US,New York,,',
      'Eli,Dunn,eli@example.com,US,CA,,maybe',
      'Fay,Evans,fay@example.com,GB,,,',
    ].join('\n');
    const res = await importCsv(studio, csv);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 3, errorCount: 2 });
    expect(res.body.errors).toEqual([
      expect.objectContaining({ line: 4, message: expect.stringMatching(/region.*state or province code/) }),
      expect.objectContaining({ line: 5, message: expect.stringMatching(/reverse_charge.*yes or no/) }),
    ]);
    const imported = await taxFieldsOf(studio);
    expect(imported).toEqual([
      { last_name: 'Brooks', region: 'NY', tax_exempt_reference: 'NY-RC-2231', reverse_charge: false },
      { last_name: 'Byrne', region: null, tax_exempt_reference: null, reverse_charge: true },
      { last_name: 'Evans', region: null, tax_exempt_reference: null, reverse_charge: false },
    ]);

    const exported = await request(t.app)
      .get('/api/export')
      .query({
        entity: 'contacts',
        format: 'csv',
        fields: 'first_name,last_name,email,country,region,tax_exempt_reference,reverse_charge',
      })
      .set(as(studio));
    expect(exported.status).toBe(200);
    const file = (await download(exported.body.url)).toString('utf8').replace(/^\uFEFF/, '');
    const parsed = Papa.parse<Record<string, string>>(file, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual([
      'First Name',
      'Last Name',
      'Email',
      'Country',
      'Region',
      'Tax Exempt Reference',
      'Reverse Charge',
    ]);
    expect(parsed.data.find((r) => r['Last Name'] === 'Byrne')).toMatchObject({ 'Reverse Charge': 'yes' });

    const other = await buildUser(t.app);
    const back = await importCsv(other, file);
    expect(back.body).toMatchObject({ created: 3, errorCount: 0 });
    expect(await taxFieldsOf(other)).toEqual(imported);
  });
});
