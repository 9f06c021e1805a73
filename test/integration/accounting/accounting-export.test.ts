// The accounting export through HTTP against the real stack (issue 22 §2): a period with an
// invoice in three VAT rates paid by transfer and by card, a partial credit note refunded by
// transfer, a deposit invoice and its final invoice; the FEC's structure, its balance and its
// totals against the ledger; another studio's records never appear; bad input answers 400.
import request from 'supertest';
import Stripe from 'stripe';
import { FEC_COLUMNS } from '../../../domain/accounting/fec';
import { toHundredths } from '../../../domain/invoicing/money';
import { buildBillableContact } from '../../factories/contacts';
import { buildCreditNote } from '../../factories/credit-notes';
import { buildInvoice, saveStudioProfile } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { sqlOn } from '../../helpers/sql';

let t: TestApp;
let worker: WorkerProcess;
let studio: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('accounting');
  studio = await buildUser(t.app);
  other = await buildUser(t.app);
  await saveStudioProfile(t.app, studio);
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const sql = sqlOn(() => t.sequelize);
const parisDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(Date.now() + offsetDays * 86_400_000));
const secret = process.env.CARDPROVIDER_WEBHOOK_SECRET ?? 'whsec_studio_local';
const signer = new Stripe('sk_test_signing_only');
// From yesterday: a run crossing midnight in Paris keeps everything in the period.
const period = () => ({ from: parisDay(-1), to: parisDay() });
const cents = (fec: string) => toHundredths(fec.replace(',', '.'));

/** Pays the balance of an invoice by card: intent on stripe-mock, then the signed webhook the worker applies. */
async function payByCard(invoiceId: string): Promise<void> {
  const started = await request(t.app)
    .post('/api/cardprovider/payments/invoices')
    .set(as(studio))
    .send({ invoice_id: invoiceId })
    .expect(201);
  const payload = JSON.stringify({
    id: `evt_acc_${invoiceId.slice(0, 8)}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: started.body.paymentIntentId, object: 'payment_intent', status: 'succeeded' } },
  });
  await request(t.app)
    .post('/api/cardprovider/webhooks')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', signer.webhooks.generateTestHeaderString({ payload, secret }))
    .send(payload)
    .expect(200);
  await eventually(
    'the card payment applied',
    async () =>
      (await sql<{ payment_status: string }>('SELECT payment_status FROM invoices WHERE id = $1', [invoiceId]))[0]
        .payment_status === 'PAID',
  );
}

/** A deposit invoice (30 % of a quote at 20 % and 10 %) issued and paid by transfer, then its final invoice issued. */
async function depositAndFinal(): Promise<{
  deposit: { id: string; number: string };
  final: { id: string; number: string };
}> {
  const contact = await buildBillableContact(t.app, studio, { last_name: 'Acompte' });
  const quote = await buildQuote(t.app, studio, {
    title: 'Mariage',
    contact_id: contact.id,
    items: [
      { item_type: 'SESSION_TYPE', description: 'Mariage', price_without_tax: '1500.00', vat_percentage: 20 },
      { item_type: 'SESSION_TYPE', description: 'Tirages', price_without_tax: '300.00', vat_percentage: 10 },
    ],
    payment_schedule: [
      { percentage: 30, due: { type: 'on_booking' } },
      { percentage: 70, due: { type: 'fixed', date: '2030-06-01' } },
    ],
  });
  await request(t.app).post(`/api/quotes/${quote.id}/accept`).set(as(studio)).expect(200);
  const draft = (
    await request(t.app)
      .post(`/api/quotes/${quote.id}/deposit-invoices`)
      .set(as(studio))
      .send({ installment: 0 })
      .expect(201)
  ).body;
  const deposit = (await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(studio)).expect(200)).body;
  await request(t.app)
    .post(`/api/invoices/${deposit.id}/payments`)
    .set(as(studio))
    .send({ amount: '639.00', method: 'bank_transfer' })
    .expect(201);
  const finalDraft = (await request(t.app).post(`/api/quotes/${quote.id}/invoice`).set(as(studio)).expect(201)).body;
  const final = (await request(t.app).post(`/api/invoices/${finalDraft.id}/issue`).set(as(studio)).expect(200)).body;
  return { deposit, final };
}

type Row = string[];
/** The FEC's data rows, split into cells, after checking the header and line ends. */
function fecRows(text: string): Row[] {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  expect(lines[0].split('\t')).toEqual([...FEC_COLUMNS]);
  return lines.slice(1).map((l) => l.split('\t'));
}
const col = (name: (typeof FEC_COLUMNS)[number]) => FEC_COLUMNS.indexOf(name);
const sumOf = (rows: Row[], where: (r: Row) => boolean) =>
  rows.filter(where).reduce((s, r) => s + cents(r[col('Debit')]) - cents(r[col('Credit')]), 0n);

describe('GET /api/accounting/export', () => {
  it('answers a FEC of the period: 18 columns, balanced entries by number, totals equal to the ledger', async () => {
    // Another studio's invoice and payment, the same day: never in this studio's file.
    await saveStudioProfile(t.app, other);
    const intruder = await buildInvoice(t.app, other, {
      issued: true,
      profile: false,
      price: '77.00',
      contact_id: (await buildBillableContact(t.app, other, { last_name: 'Intrus' })).id,
    });
    await request(t.app)
      .post(`/api/invoices/${intruder.id}/payments`)
      .set(as(other))
      .send({ amount: '92.40', method: 'cash' })
      .expect(201);

    // Three rates: 1 500.00 at 20 %, 3 × 12.50 at 10 %, 60.00 at 5.5 %: 1 597.50 + 307.05 = 1 904.55.
    const contact = await buildBillableContact(t.app, studio, { last_name: 'Troistaux' });
    const draft = await buildInvoice(t.app, studio, {
      title: 'Mariage et tirages',
      contact_id: contact.id,
      items: [
        { item_type: 'SESSION_TYPE', description: 'Mariage', price_without_tax: '1500.00', vat_percentage: 20 },
        {
          item_type: 'SESSION_TYPE',
          description: 'Tirages',
          quantity: 3,
          price_without_tax: '12.50',
          vat_percentage: 10,
        },
        { item_type: 'SESSION_TYPE', description: 'Livre', price_without_tax: '60.00', vat_percentage: 5.5 },
      ],
    });
    const invoice = (await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(studio)).expect(200)).body;
    expect(invoice.amount).toBe('1904.55');
    await request(t.app)
      .post(`/api/invoices/${invoice.id}/payments`)
      .set(as(studio))
      .send({ amount: '500.00', method: 'bank_transfer', reference: 'VIR 1' })
      .expect(201);
    await payByCard(invoice.id);
    // A partial credit note (100.00 split over the three rates), refunded by transfer.
    const note = await buildCreditNote(t.app, studio, {
      invoice_id: invoice.id,
      reason: 'Livre non livré',
      amount: '100.00',
    });
    await request(t.app)
      .post(`/api/credit-notes/${note.id}/refunds`)
      .set(as(studio))
      .send({ method: 'bank_transfer' })
      .expect(201);
    const { deposit, final } = await depositAndFinal();

    const res = await request(t.app)
      .get('/api/accounting/export')
      .query({ ...period(), format: 'fec' })
      .set(as(studio));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      url: expect.stringMatching(/^http/),
      key: expect.stringMatching(new RegExp(`^temp/accounting/${studio.id}/`)),
      filename: `912345675FEC${period().to.replaceAll('-', '')}.txt`,
      expiration: 3600,
    });
    const text = (await download(res.body.url)).toString('utf8');
    const rows = fecRows(text);

    // Structure: 18 cells, YYYYMMDD dates, decimal commas, numbers 1… in order, each entry balanced.
    for (const r of rows) {
      expect(r).toHaveLength(18);
      for (const c of ['EcritureDate', 'PieceDate', 'ValidDate'] as const) expect(r[col(c)]).toMatch(/^\d{8}$/);
      for (const c of ['Debit', 'Credit'] as const) expect(r[col(c)]).toMatch(/^\d+,\d{2}$/);
      expect(['VE', 'BQ']).toContain(r[col('JournalCode')]);
    }
    const numbers = rows.map((r) => Number(r[col('EcritureNum')]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect([...new Set(numbers)]).toEqual(Array.from({ length: numbers[numbers.length - 1] }, (_, i) => i + 1));
    for (const n of new Set(numbers)) expect(sumOf(rows, (r) => Number(r[col('EcritureNum')]) === n)).toBe(0n);

    // Another studio's records never appear.
    expect(text).not.toContain('Intrus');
    expect(text).not.toContain('77,00');

    // Totals equal the ledger: the client account in the sales journal is Σ invoices − Σ credit notes,
    // in the payments journal Σ payments − refunds; the sales and VAT accounts add up to the documents.
    const [docs] = await sql<{ invoiced: string; credited: string }>(
      `SELECT (SELECT coalesce(sum(amount), 0)::text FROM invoices WHERE owner_id = $1 AND status IN ('ISSUED', 'CANCELLED')) AS invoiced,
              (SELECT coalesce(sum(amount), 0)::text FROM credit_notes WHERE owner_id = $1) AS credited`,
      [studio.id],
    );
    const [money] = await sql<{ kept: string }>(
      `SELECT coalesce(sum(CASE WHEN kind = 'payment' THEN amount ELSE -amount END), 0)::text AS kept FROM invoice_payments WHERE owner_id = $1`,
      [studio.id],
    );
    const isJournal = (code: string, account: string) => (r: Row) =>
      r[col('JournalCode')] === code && r[col('CompteNum')] === account;
    expect(sumOf(rows, isJournal('VE', '411'))).toBe(toHundredths(docs.invoiced) - toHundredths(docs.credited));
    expect(-sumOf(rows, isJournal('VE', '706')) - sumOf(rows, isJournal('VE', '44571'))).toBe(
      toHundredths(docs.invoiced) - toHundredths(docs.credited),
    );
    expect(-sumOf(rows, isJournal('BQ', '411'))).toBe(toHundredths(money.kept));
    // 500.00 in and 100.00 back by transfer, 639.00 deposit by transfer; 1 404.55 by card on 5115.
    expect(sumOf(rows, isJournal('BQ', '512'))).toBe(50_000n - 10_000n + 63_900n);
    expect(sumOf(rows, isJournal('BQ', '5115'))).toBe(140_455n);

    // The three-rate invoice: 411 debit 1 904.55, 706 and 44571 credited per rate.
    const entryOf = (piece: string, journal = 'VE') =>
      rows.filter((r) => r[col('PieceRef')] === piece && r[col('JournalCode')] === journal);
    const lines = (piece: string) =>
      entryOf(piece).map((r) => [r[col('CompteNum')], r[col('CompteLib')], r[col('Debit')], r[col('Credit')]]);
    expect(lines(invoice.number)).toEqual([
      ['411', 'Clients', '1904,55', '0,00'],
      ['706', 'Prestations de services 5,5 %', '0,00', '60,00'],
      ['44571', 'TVA collectée 5,5 %', '0,00', '3,30'],
      ['706', 'Prestations de services 10 %', '0,00', '37,50'],
      ['44571', 'TVA collectée 10 %', '0,00', '3,75'],
      ['706', 'Prestations de services 20 %', '0,00', '1500,00'],
      ['44571', 'TVA collectée 20 %', '0,00', '300,00'],
    ]);
    // The credit note reverses: the client credited 100.00, sales and VAT debited.
    const credit = lines(note.number);
    expect(credit[0]).toEqual(['411', 'Clients', '0,00', '100,00']);
    expect(credit.slice(1).every((l) => l[3] === '0,00')).toBe(true);
    // The deposit's own sales (450.00 at 20 %, 90.00 at 10 %), and the final invoice net of it (1 050.00, 210.00).
    expect(lines(deposit.number).map((l) => l.slice(1))).toEqual([
      ['Clients', '639,00', '0,00'],
      ['Prestations de services 10 %', '0,00', '90,00'],
      ['TVA collectée 10 %', '0,00', '9,00'],
      ['Prestations de services 20 %', '0,00', '450,00'],
      ['TVA collectée 20 %', '0,00', '90,00'],
    ]);
    expect(lines(final.number).map((l) => l.slice(1))).toEqual([
      ['Clients', '1491,00', '0,00'],
      ['Prestations de services 10 %', '0,00', '210,00'],
      ['TVA collectée 10 %', '0,00', '21,00'],
      ['Prestations de services 20 %', '0,00', '1050,00'],
      ['TVA collectée 20 %', '0,00', '210,00'],
    ]);
    // Payments: the card on its clearing account, the refund reversed on the bank.
    const payments = entryOf(invoice.number, 'BQ').map((r) => [r[col('CompteNum')], r[col('Debit')], r[col('Credit')]]);
    expect(payments).toEqual(
      expect.arrayContaining([
        ['512', '500,00', '0,00'],
        ['5115', '1404,55', '0,00'],
        ['512', '0,00', '100,00'],
        ['411', '100,00', '0,00'],
      ]),
    );

    // The VAT summary the issue kept (what the export reads), and never changed afterwards.
    const [kept] = await sql<{ vat_amounts: unknown }>('SELECT vat_amounts FROM invoices WHERE id = $1', [invoice.id]);
    expect(kept.vat_amounts).toEqual([
      { vat_percentage: '5.50', base: '60.00', vat: '3.30' },
      { vat_percentage: '10.00', base: '37.50', vat: '3.75' },
      { vat_percentage: '20.00', base: '1500.00', vat: '300.00' },
    ]);
    await expect(
      t.sequelize.query(`UPDATE invoices SET vat_amounts = '[]' WHERE id = $1`, { bind: [invoice.id] }),
    ).rejects.toThrow(/is issued: it cannot be changed/);
    // An issued invoice without a kept summary (written around the issue) is not left out: the
    // export works its rates out from its lines, and the file is the same, byte for byte.
    await t.sequelize.transaction(async (transaction) => {
      await t.sequelize.query(`SET LOCAL studio.purge = 'on'`, { transaction });
      await t.sequelize.query('UPDATE invoices SET vat_amounts = NULL WHERE id = ANY($1::uuid[])', {
        bind: [[invoice.id, final.id]],
        transaction,
      });
    });
    const again = await request(t.app)
      .get('/api/accounting/export')
      .query({ ...period(), format: 'fec' })
      .set(as(studio))
      .expect(200);
    expect((await download(again.body.url)).toString('utf8')).toBe(text);
  }, 120_000);

  it("credits by amount what earlier credit notes left at each rate: the 20 % line credited whole, then the rest all at 5.5 %, the notes' VAT per rate equal to the invoice's", async () => {
    // A studio of its own: the other tests' totals stay theirs.
    const owner = await buildUser(t.app);
    await saveStudioProfile(t.app, owner);
    const contact = await buildBillableContact(t.app, owner, { last_name: 'Deuxtaux' });
    const issue = async () => {
      const draft = await buildInvoice(t.app, owner, {
        title: 'Séance et livre',
        contact_id: contact.id,
        items: [
          { item_type: 'SESSION_TYPE', description: 'Séance', price_without_tax: '1000.00', vat_percentage: 20 },
          { item_type: 'SESSION_TYPE', description: 'Livre', price_without_tax: '100.00', vat_percentage: 5.5 },
        ],
      });
      return (await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(owner)).expect(200)).body as {
        id: string;
        number: string;
        amount: string;
        items: { id: string; vat_percentage: string }[];
      };
    };
    const invoice = await issue();
    expect(invoice.amount).toBe('1305.50');
    const line20 = invoice.items.find((l) => Number(l.vat_percentage) === 20)!;
    const credit = (invoiceId: string, body: Record<string, unknown>) =>
      request(t.app).post(`/api/invoices/${invoiceId}/credit-notes`).set(as(owner)).send(body);
    const first = (
      await credit(invoice.id, { reason: 'Séance annulée', items: [{ invoice_item_id: line20.id }] }).expect(201)
    ).body;
    expect(first.vat_parts).toEqual([{ vat_percentage: '20.00', base: '1000.00', vat: '200.00', total: '1200.00' }]);
    // The rest by amount: before, it was split 91/9 over 20 % and 5.5 % as the invoice weighs them.
    const second = (await credit(invoice.id, { reason: 'Livre non livré', amount: '105.50' }).expect(201)).body;
    expect(second.vat_parts).toEqual([{ vat_percentage: '5.50', base: '100.00', vat: '5.50', total: '105.50' }]);

    // Whole lines past what an earlier amount left at their rate are refused (409).
    const other = await issue();
    await credit(other.id, { reason: 'Geste commercial', amount: '1200.00' }).expect(201);
    const line55 = other.items.find((l) => Number(l.vat_percentage) === 5.5)!;
    const refused = await credit(other.id, { reason: 'Livre non livré', items: [{ invoice_item_id: line55.id }] });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('credit_exceeds_creditable');

    const res = await request(t.app)
      .get('/api/accounting/export')
      .query({ ...period(), format: 'fec' })
      .set(as(owner))
      .expect(200);
    const rows = fecRows((await download(res.body.url)).toString('utf8'));
    const lines = (piece: string) =>
      rows
        .filter((r) => r[col('PieceRef')] === piece && r[col('JournalCode')] === 'VE')
        .map((r) => [r[col('CompteNum')], r[col('CompteLib')], r[col('Debit')], r[col('Credit')]]);
    expect(lines(second.number)).toEqual([
      ['411', 'Clients', '0,00', '105,50'],
      ['706', 'Prestations de services 5,5 %', '100,00', '0,00'],
      ['44571', 'TVA collectée 5,5 %', '5,50', '0,00'],
    ]);
    // Per account and rate, the two credit notes debit exactly what the invoice credited.
    const byAccount = (pieces: string[], side: 'Debit' | 'Credit') => {
      const sums = new Map<string, bigint>();
      for (const r of rows.filter(
        (r) => pieces.includes(r[col('PieceRef')]) && r[col('JournalCode')] === 'VE' && r[col('CompteNum')] !== '411',
      ))
        sums.set(r[col('CompteLib')], (sums.get(r[col('CompteLib')]) ?? 0n) + cents(r[col(side)]));
      return Object.fromEntries(sums);
    };
    expect(byAccount([first.number, second.number], 'Debit')).toEqual(byAccount([invoice.number], 'Credit'));
    expect(byAccount([invoice.number], 'Credit')).toEqual({
      'Prestations de services 5,5 %': 10_000n,
      'TVA collectée 5,5 %': 550n,
      'Prestations de services 20 %': 100_000n,
      'TVA collectée 20 %': 20_000n,
    });
  }, 120_000);

  it('uses the studio accounts and client sub-accounts, writes the csv dialect, and runs async on the export jobs path', async () => {
    expect((await request(t.app).get('/api/users/me/accounting-accounts').set(as(studio)).expect(200)).body).toEqual({
      client: '411',
      sales: '706',
      vat_collected: '44571',
      bank: '512',
      card: '5115',
      wallet: '5116',
      client_sub_accounts: false,
    });
    const bad = await request(t.app)
      .put('/api/users/me/accounting-accounts')
      .set(as(studio))
      .send({ sales: '70a', bank: '51' });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_input']);
    const saved = await request(t.app)
      .put('/api/users/me/accounting-accounts')
      .set(as(studio))
      .send({ sales: '70600000', client_sub_accounts: true })
      .expect(200);
    expect(saved.body).toMatchObject({ sales: '70600000', client: '411', client_sub_accounts: true });

    const res = await request(t.app)
      .get('/api/accounting/export')
      .query({ ...period(), format: 'csv', csv_dialect: 'excel-fr' })
      .set(as(studio))
      .expect(200);
    expect(res.body.filename).toBe(`ecritures-${period().from}-${period().to}.csv`);
    const file = await download(res.body.url);
    expect(file.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const csv = file
      .subarray(3)
      .toString('utf8')
      .trim()
      .split('\r\n')
      .map((l) => l.split(';'));
    expect(csv[0]).toEqual(FEC_COLUMNS.slice(0, 13));
    expect(csv.some((r) => r[4] === '70600000')).toBe(true);
    expect(csv.some((r) => r[4] === '706')).toBe(false);
    // Client lines carry the client's sub-account and name.
    const clientLine = csv.find((r) => r[4] === '411')!;
    expect(clientLine[6]).toMatch(/^C[0-9A-F]{8}$/);
    expect(clientLine[7]).not.toBe('');

    const queued = await request(t.app)
      .get('/api/accounting/export/async')
      .query({ ...period(), format: 'fec' })
      .set(as(studio))
      .expect(202);
    const done = await eventually('the async export done', async () => {
      const s = await request(t.app).get(queued.body.statusUrl).set(as(studio));
      return s.body.status === 'COMPLETED' && s.body;
    });
    expect(done).toMatchObject({
      filename: expect.stringMatching(/^912345675FEC\d{8}\.txt$/),
      url: expect.stringMatching(/^http/),
    });
    expect((await request(t.app).get(queued.body.statusUrl).set(as(other))).status).toBe(404);
  }, 120_000);

  it('refuses a bad period, an unknown format, and a FEC without a SIREN (400)', async () => {
    const ask = (query: Record<string, string>, user = studio) =>
      request(t.app).get('/api/accounting/export').query(query).set(as(user));
    const backwards = await ask({ from: '2026-03-31', to: '2026-03-01', format: 'fec' });
    expect([backwards.status, backwards.body.code]).toEqual([400, 'invalid_input']);
    expect(backwards.body).toMatchObject({
      statusCode: 400,
      error: expect.any(String),
      message: expect.any(String),
      requestId: expect.any(String),
    });
    expect(JSON.stringify(backwards.body.details)).toContain('to');
    expect((await ask({ from: '2025-01-01', to: '2026-01-02', format: 'fec' })).status).toBe(400);
    expect((await ask({ from: '2026-02-30', to: '2026-03-01', format: 'fec' })).status).toBe(400);
    expect((await ask({ from: '2026-01-01', to: '2026-12-31', format: 'xml' })).status).toBe(400);
    expect((await ask({ from: '2026-01-01', to: '2026-12-31', format: 'csv', extra: '1' })).status).toBeLessThan(500);
    const noSiren = await buildUser(t.app);
    const refused = await ask({ from: '2026-01-01', to: '2026-12-31', format: 'fec' }, noSiren);
    expect([refused.status, refused.body.code]).toEqual([400, 'validation_failed']);
    expect((await ask({ from: '2026-01-01', to: '2026-12-31', format: 'csv' }, noSiren)).status).toBe(200);
    expect(
      (
        await request(t.app)
          .get('/api/accounting/export')
          .query({ from: '2026-01-01', to: '2026-12-31', format: 'fec' })
      ).status,
    ).toBe(401);
  }, 60_000);

  it('sends a period past the synchronous limit to the async route (422 export_too_large)', async () => {
    // An api whose synchronous exports hold 3 rows; the studio's period has more (the first test's).
    const saved = process.env.EXPORT_SYNC_MAX_ROWS;
    process.env.EXPORT_SYNC_MAX_ROWS = '3';
    const small = await startTestApp().finally(() => {
      if (saved === undefined) delete process.env.EXPORT_SYNC_MAX_ROWS;
      else process.env.EXPORT_SYNC_MAX_ROWS = saved;
    });
    try {
      const res = await request(small.app)
        .get('/api/accounting/export')
        .query({ ...period(), format: 'fec' })
        .set(as(studio));
      expect([res.status, res.body.code, res.body.details?.async_url]).toEqual([
        422,
        'export_too_large',
        '/api/accounting/export/async',
      ]);
    } finally {
      await small.close();
    }
  }, 60_000);
});
