// The accounting export of studios outside France through HTTP against the real stack (issue 30
// §2): a Québec studio (GST + QST tax lines, in CAD) and a UK studio (a 20 % vat_percentage line, in
// GBP) each issue an invoice, take a payment and issue a credit note. The journal csv has their
// entries, balanced, each line in its currency; the tax subtotals keep GST and QST apart and take
// the credit notes off; neither studio needs a SIREN, and neither gets a FEC.
import Papa from 'papaparse';
import request from 'supertest';
import { JOURNAL_CSV_COLUMNS } from '../../../domain/accounting/journal-csv';
import { TAX_SUBTOTAL_COLUMNS } from '../../../domain/accounting/tax-subtotals';
import { toHundredths } from '../../../domain/invoicing/money';
import { buildBillableContact } from '../../factories/contacts';
import { saveStudioProfile } from '../../factories/invoices';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { LONDON_STUDIO, MANCHESTER_CLIENT, QUEBEC_CLIENT, QUEBEC_STUDIO } from '../../fixtures/studios-abroad';

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('journal-export');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

// Two days either side of now, in UTC: whatever the studio's zone, today is in the period.
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const period = { from: dayFromNow(-2), to: dayFromNow(2) };

interface Studio {
  profile: Record<string, unknown>;
  client: Record<string, unknown>;
  line: Record<string, unknown>;
  amount: string;
  payment: string;
  credit: string;
}

const QUEBEC: Studio = {
  profile: QUEBEC_STUDIO,
  client: QUEBEC_CLIENT,
  // $1,000 of work: GST 5 % $50.00 and QST 9.975 % $99.75.
  line: {
    quantity: '4',
    price_without_tax: '250.00',
    taxes: [
      { name: 'GST', rate: '5' },
      { name: 'QST', rate: '9.975' },
    ],
  },
  amount: '1149.75',
  payment: '500.00',
  // $200.00 with its GST ($10.00) and QST ($19.95).
  credit: '229.95',
};

const UK: Studio = {
  profile: LONDON_STUDIO,
  client: MANCHESTER_CLIENT,
  // The spec's one VAT rate a line: kept in vat_amounts, named VAT after the studio's country.
  line: { quantity: '2', price_without_tax: '300.00', vat_percentage: '20' },
  amount: '720.00',
  payment: '720.00',
  credit: '120.00',
};

/** A studio of `s`, its invoice issued, paid (in part) by transfer and credited in part. */
async function studioWithBooks(s: Studio): Promise<{ studio: TestUser; invoice: { id: string; number: string } }> {
  const studio = await buildUser(t.app, { locale: 'en-US', name: String(s.profile.company_name) });
  await saveStudioProfile(t.app, studio, { email: `hello-${studio.id.slice(0, 8)}@studio.test`, ...s.profile });
  const contact = await buildBillableContact(t.app, studio, { first_name: 'Jordan', last_name: 'Rivera', ...s.client });
  const draft = await request(t.app)
    .post('/api/invoices')
    .set(as(studio))
    .send({
      title: 'Wedding coverage',
      contact_id: contact.id,
      items: [{ item_type: 'SESSION_TYPE', description: 'Wedding coverage', ...s.line }],
    })
    .expect(201);
  const issued = await request(t.app).post(`/api/invoices/${draft.body.id}/issue`).set(as(studio));
  expect({ status: issued.status, body: issued.status === 200 ? 'issued' : issued.body }).toEqual({
    status: 200,
    body: 'issued',
  });
  expect(issued.body.amount).toBe(s.amount);
  await request(t.app)
    .post(`/api/invoices/${draft.body.id}/payments`)
    .set(as(studio))
    .send({ amount: s.payment, method: 'bank_transfer', reference: 'TRF 1' })
    .expect(201);
  await request(t.app)
    .post(`/api/invoices/${draft.body.id}/credit-notes`)
    .set(as(studio))
    .send({ reason: 'Album delivered late', amount: s.credit })
    .expect(201);
  return { studio, invoice: issued.body };
}

/** The records of a csv the export wrote (BOM, header), as objects by column. */
async function csvOf(studio: TestUser, format: string): Promise<{ filename: string; rows: Record<string, string>[] }> {
  const res = await request(t.app)
    .get('/api/accounting/export')
    .query({ ...period, format, csv_dialect: 'rfc4180' })
    .set(as(studio));
  expect({ status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({ status: 200, body: 'ok' });
  const text = (await download(res.body.url)).toString('utf8');
  expect(text.startsWith('\ufeff')).toBe(true);
  const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { filename: res.body.filename, rows: parsed.data };
}

const sum = (rows: Record<string, string>[], column: string) => rows.reduce((s, r) => s + toHundredths(r[column]), 0n);

/** Subtotal rows added over the months (a run across midnight at a month's end may split them): per currency, tax and rate. */
function byTax(rows: Record<string, string>[]): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, bigint>> = {};
  for (const r of rows) {
    const key = `${r.currency} ${r.tax} ${r.rate}`;
    out[key] ??= {};
    for (const column of TAX_SUBTOTAL_COLUMNS.slice(5))
      out[key][column] = (out[key][column] ?? 0n) + toHundredths(r[column]);
  }
  return Object.fromEntries(
    Object.entries(out).map(([key, columns]) => [
      key,
      Object.fromEntries(Object.entries(columns).map(([c, v]) => [c, (Number(v) / 100).toFixed(2)])),
    ]),
  );
}

describe('the accounting export of studios outside France', () => {
  it('answers the journal csv with each line’s currency and the tax subtotals, GST and QST apart', async () => {
    const quebec = await studioWithBooks(QUEBEC);
    const uk = await studioWithBooks(UK);

    for (const [{ studio, invoice }, currency, taxLabels] of [
      [quebec, 'CAD', ['GST 5 % collected', 'QST 9.975 % collected']],
      [uk, 'GBP', ['VAT 20 % collected']],
    ] as const) {
      const journal = await csvOf(studio, 'journal');
      expect(journal.filename).toBe(`journal-${period.from}-${period.to}.csv`);
      expect(Object.keys(journal.rows[0])).toEqual([...JOURNAL_CSV_COLUMNS]);
      // Only this studio's records, every line in its currency.
      expect(new Set(journal.rows.map((r) => r.currency))).toEqual(new Set([currency]));
      expect(new Set(journal.rows.map((r) => r.document))).toEqual(
        new Set([invoice.number, journal.rows.find((r) => r.label.startsWith('Credit note'))!.document]),
      );
      // Three entries (invoice, credit note, payment), each balanced, numbered 1, 2, 3.
      const entries = new Map<string, Record<string, string>[]>();
      for (const r of journal.rows) entries.set(r.entry, [...(entries.get(r.entry) ?? []), r]);
      expect([...entries.keys()].sort()).toEqual(['1', '2', '3']);
      for (const lines of entries.values()) expect(sum(lines, 'debit')).toBe(sum(lines, 'credit'));
      const invoiceLines = journal.rows.filter((r) => r.label.startsWith('Invoice'));
      expect(invoiceLines.find((r) => r.account === '411')?.debit).toBe((currency === 'CAD' ? QUEBEC : UK).amount);
      expect(invoiceLines.filter((r) => r.account === '44571').map((r) => r.account_label)).toEqual(taxLabels);
      expect(journal.rows.filter((r) => r.journal === 'CR').map((r) => [r.account, r.debit, r.credit])).toEqual([
        ['512', (currency === 'CAD' ? QUEBEC : UK).payment, '0.00'],
        ['411', '0.00', (currency === 'CAD' ? QUEBEC : UK).payment],
      ]);
    }

    const quebecTaxes = await csvOf(quebec.studio, 'tax_summary');
    expect(quebecTaxes.filename).toBe(`tax-summary-${period.from}-${period.to}.csv`);
    expect(byTax(quebecTaxes.rows)).toEqual({
      'CAD GST 5': {
        invoiced_base: '1000.00',
        invoiced_tax: '50.00',
        credited_base: '200.00',
        credited_tax: '10.00',
        base: '800.00',
        tax_collected: '40.00',
      },
      'CAD QST 9.975': {
        invoiced_base: '1000.00',
        invoiced_tax: '99.75',
        credited_base: '200.00',
        credited_tax: '19.95',
        base: '800.00',
        tax_collected: '79.80',
      },
    });
    expect(byTax((await csvOf(uk.studio, 'tax_summary')).rows)).toEqual({
      'GBP VAT 20': {
        invoiced_base: '600.00',
        invoiced_tax: '120.00',
        credited_base: '100.00',
        credited_tax: '20.00',
        base: '500.00',
        tax_collected: '100.00',
      },
    });
  }, 120_000);

  it('keeps the FEC and its csv to French studios: a studio elsewhere is told to ask for the journal', async () => {
    const studio = await buildUser(t.app, { locale: 'en-US' });
    await saveStudioProfile(t.app, studio, { email: `hello-${studio.id.slice(0, 8)}@studio.test`, ...UK.profile });
    for (const format of ['fec', 'csv']) {
      const res = await request(t.app)
        .get('/api/accounting/export')
        .query({ ...period, format })
        .set(as(studio));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', details: [{ path: 'format' }] });
      expect(res.body.message).toMatch(/format=journal/);
    }
    // Nothing issued: the journal is its header alone.
    expect((await csvOf(studio, 'journal')).rows).toEqual([]);
  }, 60_000);
  it('a Québec invoice credited by an amount, then a line, then all that is left: each tax credited exactly what it charged, nothing collected (issue 40 §2)', async () => {
    const studio = await buildUser(t.app, { locale: 'en-US' });
    await saveStudioProfile(t.app, studio, { email: `credits-${studio.id.slice(0, 8)}@studio.test`, ...QUEBEC_STUDIO });
    const contact = await buildBillableContact(t.app, studio, {
      first_name: 'Camille',
      last_name: 'Roy',
      ...QUEBEC_CLIENT,
    });
    const quebecTaxes = [
      { name: 'GST', rate: '5' },
      { name: 'QST', rate: '9.975' },
    ];
    const draft = await request(t.app)
      .post('/api/invoices')
      .set(as(studio))
      .send({
        title: 'Wedding and prints',
        contact_id: contact.id,
        items: [
          {
            item_type: 'SESSION_TYPE',
            description: 'Coverage',
            quantity: '1.25',
            price_without_tax: '1108.49',
            taxes: quebecTaxes,
          },
          {
            item_type: 'SESSION_TYPE',
            description: 'Editing',
            quantity: '3',
            price_without_tax: '79.20',
            taxes: quebecTaxes,
          },
          {
            item_type: 'SESSION_TYPE',
            description: 'Prints',
            quantity: '7',
            price_without_tax: '17.06',
            taxes: [{ name: 'GST', rate: '5' }],
          },
        ],
      })
      .expect(201);
    const issued = await request(t.app).post(`/api/invoices/${draft.body.id}/issue`).set(as(studio)).expect(200);
    const editing = (issued.body.items as { id: string; description: string }[]).find(
      (i) => i.description === 'Editing',
    )!;
    const credit = (body: Record<string, unknown>) =>
      request(t.app)
        .post(`/api/invoices/${draft.body.id}/credit-notes`)
        .set(as(studio))
        .send({ reason: 'Changed plans', ...body })
        .expect(201);
    const notes = [
      (await credit({ amount: '143.91' })).body,
      (await credit({ items: [{ invoice_item_id: editing.id }] })).body,
      (await credit({})).body,
    ] as { tax_parts: { taxes: { name: string; amount: string }[] }[]; amount: string }[];
    expect(notes.reduce((s, n) => s + toHundredths(n.amount), 0n)).toBe(toHundredths(issued.body.amount));

    // The accountant's side: what was charged of each tax, credited to the cent; nothing left collected.
    const summary = byTax((await csvOf(studio, 'tax_summary')).rows);
    for (const name of ['GST 5', 'QST 9.975']) {
      const row = summary[`CAD ${name}`];
      const credited = notes
        .flatMap((n) => n.tax_parts.flatMap((p) => p.taxes))
        .filter((x) => `${x.name} ${name.split(' ')[1]}`.startsWith(name.split(' ')[0]))
        .reduce((s, x) => s + toHundredths(x.amount), 0n);
      expect({ name, notes: (Number(credited) / 100).toFixed(2), row }).toEqual({
        name,
        notes: row.invoiced_tax,
        row: expect.objectContaining({ credited_tax: row.invoiced_tax, tax_collected: '0.00', base: '0.00' }),
      });
    }
  }, 120_000);
});
