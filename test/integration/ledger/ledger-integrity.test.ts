// The ledger no one can rewrite silently (issue 32 §6), through HTTP against the real stack: a
// studio issues invoices and a credit note and records payments; the check holds; then rows are
// changed by hand in SQL with the immutability triggers disabled, and the check names the record.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import request from 'supertest';
import { closeEndedLedgerPeriods } from '../../../db/commands/close-ended-ledger-periods';
import { closeLedgerPeriod } from '../../../db/commands/close-ledger-period';
import { loadLedgerSources, refKind } from '../../../db/queries/ledger-sources';
import { chainHash } from '../../../domain/ledger/chain-hash';
import { contentHash } from '../../../domain/ledger/record-content';
import { type LedgerRecord } from '../../../domain/ledger/record-types';
import { buildCreditNote } from '../../factories/credit-notes';
import { buildInvoice, type InvoiceBody, saveStudioProfile } from '../../factories/invoices';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { sqlOn } from '../../helpers/sql';
import { startTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const sql = sqlOn(() => t.sequelize);

const integrity = async (user: TestUser) =>
  (await request(t.app).get('/api/ledger/integrity').set(as(user)).expect(200)).body as {
    ok: boolean;
    records_checked: number;
    head: { seq: number; hash: string } | null;
    closures_checked: number;
    first_break: Record<string, unknown> | null;
  };

/**
 * Runs `statements` as a DBA would, in the test's own connection, with the user triggers of
 * `tables` disabled (inside one transaction: the api's connections never see them disabled).
 */
async function byHand(tables: string[], statements: [string, unknown[]?][]): Promise<void> {
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query('BEGIN');
    for (const table of tables) await db.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    for (const [statement, bind] of statements) await db.query(statement, bind);
    for (const table of tables) await db.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    await db.query('COMMIT');
  } finally {
    await db.end();
  }
}

const pay = async (user: TestUser, invoice: InvoiceBody, amount: string, method = 'bank_transfer') =>
  (await request(t.app).post(`/api/invoices/${invoice.id}/payments`).set(as(user)).send({ amount, method }).expect(201))
    .body as { id: string };

/** A studio with two issued invoices, a credit note on the first, a payment on each: 5 records. */
async function studioWithLedger() {
  const studio = await buildUser(t.app);
  await saveStudioProfile(t.app, studio);
  const first = await buildInvoice(t.app, studio, { issued: true, price: '250.00' });
  const second = await buildInvoice(t.app, studio, { issued: true, price: '400.00' });
  const credit = await buildCreditNote(t.app, studio, { invoice_id: first.id, amount: '50.00' });
  const payment = await pay(studio, second, '100.00');
  const cash = await pay(studio, first, '20.00', 'cash');
  return { studio, first, second, credit, payment, cash };
}

const records = (ownerId: string) =>
  sql<{ seq: string; record_type: string; record_id: string }>(
    'SELECT seq, record_type, record_id FROM ledger_records WHERE owner_id = $1 ORDER BY seq',
    [ownerId],
  );

/** A stored record as the domain reads it. */
async function storedRecord(ownerId: string, seq: number): Promise<LedgerRecord> {
  const [r] = await sql<LedgerRecord>(
    `SELECT seq::int, record_type AS "recordType", record_id AS "recordId",
            to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "recordedAt",
            content_hash AS "contentHash", previous_hash AS "previousHash", chain_hash AS "chainHash"
     FROM ledger_records WHERE owner_id = $1 AND seq = $2`,
    [ownerId, seq],
  );
  return r;
}

/** The content hash of a record's row as it is now (what a forger would write into the chain). */
async function liveContentHash(ownerId: string, record: LedgerRecord): Promise<string> {
  const sources = await loadLedgerSources(t.sequelize, ownerId, [
    { kind: refKind(record.recordType), id: record.recordId },
  ]);
  return contentHash(sources.get(record.recordId)!);
}

describe('the ledger chain', () => {
  it('chains every issued document and payment in order, and an untouched ledger verifies; a studio with none too', async () => {
    const { studio, first, second, credit, payment, cash } = await studioWithLedger();
    expect((await records(studio.id)).map((r) => [Number(r.seq), r.record_type, r.record_id])).toEqual([
      [1, 'INVOICE_ISSUED', first.id],
      [2, 'INVOICE_ISSUED', second.id],
      [3, 'CREDIT_NOTE_ISSUED', credit.id],
      [4, 'PAYMENT', payment.id],
      [5, 'PAYMENT', cash.id],
    ]);
    const answer = await integrity(studio);
    expect(answer).toMatchObject({ ok: true, records_checked: 5, closures_checked: 0, first_break: null });
    expect(answer.head).toEqual({ seq: 5, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // A reversal is chained too; the chain's own rows are never changed or deleted.
    const reversal = await request(t.app)
      .delete(`/api/invoices/${first.id}/payments/${cash.id}`)
      .set(as(studio))
      .expect(200);
    expect((await records(studio.id)).at(-1)).toMatchObject({
      seq: '6',
      record_type: 'REVERSAL',
      record_id: reversal.body.id,
    });
    await expect(sql('UPDATE ledger_records SET recorded_at = now() WHERE owner_id = $1', [studio.id])).rejects.toThrow(
      /never changed or deleted/,
    );
    await expect(sql('DELETE FROM ledger_records WHERE owner_id = $1', [studio.id])).rejects.toThrow(
      /never changed or deleted/,
    );
    expect(await integrity(studio)).toMatchObject({ ok: true, records_checked: 6 });

    const empty = await buildUser(t.app);
    expect(await integrity(empty)).toEqual({
      ok: true,
      records_checked: 0,
      head: null,
      closures_checked: 0,
      first_break: null,
    });
  });

  it("names an issued invoice changed by hand (its amount, its buyer's name) by seq, type, number and content_changed; another studio's chain is unaffected and unseen", async () => {
    const { studio, first, second } = await studioWithLedger();
    const other = await studioWithLedger();

    await byHand(['invoices'], [['UPDATE invoices SET amount = amount + 100 WHERE id = $1', [first.id]]]);
    const changed = await integrity(studio);
    expect(changed.ok).toBe(false);
    expect(changed.first_break).toEqual({
      seq: 1,
      record_type: 'INVOICE_ISSUED',
      record_id: first.id,
      number: first.number,
      reason: 'content_changed',
      message: expect.stringContaining(first.number),
    });
    // The other studio sees only its own chain, whole.
    expect(await integrity(other.studio)).toMatchObject({ ok: true, records_checked: 5, first_break: null });

    await byHand(['invoices'], [['UPDATE invoices SET amount = amount - 100 WHERE id = $1', [first.id]]]);
    expect(await integrity(studio)).toMatchObject({ ok: true });
    await byHand(
      ['invoices'],
      [[`UPDATE invoices SET buyer = jsonb_set(buyer, '{name}', '"Someone Else"') WHERE id = $1`, [second.id]]],
    );
    expect((await integrity(studio)).first_break).toMatchObject({
      seq: 2,
      record_type: 'INVOICE_ISSUED',
      record_id: second.id,
      number: second.number,
      reason: 'content_changed',
    });
    // Put back, the chain holds again; then a line changed by hand is its invoice changed.
    await byHand(
      ['invoices'],
      [
        [
          `UPDATE invoices SET buyer = jsonb_set(buyer, '{name}', to_jsonb($2::text)) WHERE id = $1`,
          [second.id, second.buyer && (second.buyer as { name: string }).name],
        ],
      ],
    );
    expect(await integrity(studio)).toMatchObject({ ok: true });
    await byHand(
      ['invoice_items'],
      [['UPDATE invoice_items SET description = $2 WHERE invoice_id = $1', [first.id, 'Autre chose']]],
    );
    expect((await integrity(studio)).first_break).toMatchObject({ seq: 1, reason: 'content_changed' });
  });

  it('names a payment row deleted by hand missing_record, and a row written around the service unchained_record', async () => {
    const { studio, payment } = await studioWithLedger();
    await byHand(['invoice_payments'], [['DELETE FROM invoice_payments WHERE id = $1', [payment.id]]]);
    expect((await integrity(studio)).first_break).toMatchObject({
      seq: 4,
      record_type: 'PAYMENT',
      record_id: payment.id,
      reason: 'missing_record',
    });

    const { studio: another, first } = await studioWithLedger();
    const [forged] = await sql<{ id: string }>(
      `INSERT INTO invoice_payments (owner_id, invoice_id, amount, method, received_at) VALUES ($1, $2, 10, 'cash', now()) RETURNING id`,
      [another.id, first.id],
    );
    expect((await integrity(another)).first_break).toMatchObject({
      seq: null,
      record_type: 'PAYMENT',
      record_id: forged.id,
      reason: 'unchained_record',
    });
  });

  it("a record's hash rewritten to match the changed content breaks the chain at that record, then at the next once its chain hash is recomputed too", async () => {
    const { studio, first } = await studioWithLedger();
    await byHand(['invoices'], [["UPDATE invoices SET amount = '1.00' WHERE id = $1", [first.id]]]);
    const record = await storedRecord(studio.id, 1);
    const forgedContent = await liveContentHash(studio.id, record);
    await byHand(
      ['ledger_records'],
      [['UPDATE ledger_records SET content_hash = $2 WHERE owner_id = $1 AND seq = 1', [studio.id, forgedContent]]],
    );
    expect((await integrity(studio)).first_break).toMatchObject({
      seq: 1,
      record_type: 'INVOICE_ISSUED',
      reason: 'chain_broken',
    });

    const forgedChain = chainHash(studio.id, { ...record, contentHash: forgedContent });
    await byHand(
      ['ledger_records'],
      [['UPDATE ledger_records SET chain_hash = $2 WHERE owner_id = $1 AND seq = 1', [studio.id, forgedChain]]],
    );
    expect((await integrity(studio)).first_break).toMatchObject({
      seq: 2,
      record_type: 'INVOICE_ISSUED',
      reason: 'chain_broken',
    });
  });

  it('a chain rewritten consistently to its end is caught by the closure that kept its head; without a closure it would not be', async () => {
    const { studio, first } = await studioWithLedger();
    // The day's closure, as the daily job makes it tomorrow.
    const tomorrow = new Date(Date.now() + 36 * 3600_000);
    const [{ today }] = await sql<{ today: string }>(
      `SELECT (now() AT TIME ZONE time_zone)::date::text AS today FROM organizations WHERE id = $1`,
      [studio.id],
    );
    const { closure } = await closeLedgerPeriod(
      t.sequelize,
      studio.id,
      { kind: 'DAY', start: today },
      { now: tomorrow },
    );
    expect(closure).toMatchObject({ recordCount: 5, firstSeq: 1, headSeq: 5 });
    expect(closure.totals.EUR).toMatchObject({
      invoiced_incl_tax: '780.00',
      invoiced_excl_tax: '650.00',
      credited_incl_tax: '50.00',
      paid: '120.00',
    });
    expect(await integrity(studio)).toMatchObject({ ok: true, closures_checked: 1 });
    const listed = await request(t.app).get('/api/ledger/closures').set(as(studio)).expect(200);
    expect(listed.body).toMatchObject({
      total: 1,
      items: [{ id: closure.id, head_seq: 5, closure_hash: closure.closureHash }],
    });

    await forgeFirstInvoice(studio, first);
    expect((await integrity(studio)).first_break).toMatchObject({
      seq: 5,
      record_type: 'CLOSURE',
      record_id: closure.id,
      number: `DAY ${today}`,
      reason: 'chain_broken',
    });

    // The limit (docs/ledger-integrity.md): with no closure, nor a head kept outside, the same rewrite holds.
    const unclosed = await studioWithLedger();
    await forgeFirstInvoice(unclosed.studio, unclosed.first);
    expect(await integrity(unclosed.studio)).toMatchObject({ ok: true, records_checked: 5 });
  });
});

/** Moves the studio's five records to noon of `day` on its clock, each chain hash recomputed (as if made then). */
async function rechainOnDay(studio: TestUser, day: string): Promise<void> {
  const rewrite: [string, unknown[]][] = [];
  let previous: string | null = null;
  for (let seq = 1; seq <= 5; seq++) {
    const record = await storedRecord(studio.id, seq);
    const [{ at }] = await sql<{ at: string }>(
      `SELECT to_char((($2::date + time '12:00') AT TIME ZONE time_zone + $3 * interval '1 millisecond') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
       FROM organizations WHERE id = $1`,
      [studio.id, day, seq],
    );
    const link = { ...record, recordedAt: at, previousHash: previous ?? record.previousHash };
    previous = chainHash(studio.id, link);
    rewrite.push([
      'UPDATE ledger_records SET recorded_at = $3::timestamptz, previous_hash = $4, chain_hash = $5 WHERE owner_id = $1 AND seq = $2',
      [studio.id, seq, at, link.previousHash, previous],
    ]);
  }
  await byHand(['ledger_records'], rewrite);
}

/** The forger changes the first invoice and rewrites every record's hashes from it to the head (5). */
async function forgeFirstInvoice(studio: TestUser, first: InvoiceBody): Promise<void> {
  await byHand(['invoices'], [["UPDATE invoices SET amount = '1.00' WHERE id = $1", [first.id]]]);
  const rewrite: [string, unknown[]][] = [];
  let previous: string | null = null;
  for (let seq = 1; seq <= 5; seq++) {
    const record = await storedRecord(studio.id, seq);
    const link = {
      ...record,
      contentHash: seq === 1 ? await liveContentHash(studio.id, record) : record.contentHash,
      previousHash: previous ?? record.previousHash,
    };
    previous = chainHash(studio.id, link);
    rewrite.push([
      'UPDATE ledger_records SET content_hash = $3, previous_hash = $4, chain_hash = $5 WHERE owner_id = $1 AND seq = $2',
      [studio.id, seq, link.contentHash, link.previousHash, previous],
    ]);
  }
  await byHand(['ledger_records'], rewrite);
}

describe("the daily job's closures", () => {
  it('closes the ended days that have records, once, and the month and year they end', async () => {
    const { studio } = await studioWithLedger();
    // Today in the studio's zone, and 01:00 tomorrow there: the job's clock, when today has ended.
    const [{ today, tomorrow, ms: tomorrowMs }] = await sql<{ today: string; tomorrow: string; ms: string }>(
      `SELECT local.day::text AS today, (local.day + 1)::text AS tomorrow,
              (extract(epoch FROM ((local.day + 1) + time '01:00') AT TIME ZONE time_zone) * 1000)::bigint::text AS ms
       FROM organizations, LATERAL (SELECT (now() AT TIME ZONE time_zone)::date AS day) AS local WHERE id = $1`,
      [studio.id],
    );
    const year = today.slice(0, 4);
    const monthOf = (day: string) => {
      const [y, m] = day.split('-').map(Number);
      return [`${day.slice(0, 7)}-01`, new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10)];
    };
    const december = ['MONTH', `${year}-12-01`, `${year}-12-31`];
    const fiscalYear = ['FISCAL_YEAR', `${year}-01-01`, `${year}-12-31`];
    // On the last day of a month (of the year), tomorrow's job also closes the month (and the year).
    const endsWithToday = [
      ...(tomorrow.slice(0, 7) !== today.slice(0, 7) ? [['MONTH', ...monthOf(today)]] : []),
      ...(tomorrow.slice(0, 4) !== year ? [fiscalYear] : []),
    ];
    const made = await closeEndedLedgerPeriods(t.sequelize, studio.id, new Date(Number(tomorrowMs)));
    expect(made.find((c) => c.periodKind === 'DAY')).toMatchObject({ periodStart: today, recordCount: 5, headSeq: 5 });
    expect(made.filter((c) => c.periodKind === 'DAY')).toHaveLength(1);
    expect(made.filter((c) => c.periodKind !== 'DAY').map((c) => [c.periodKind, c.periodStart, c.periodEnd])).toEqual(
      endsWithToday,
    );
    expect(await closeEndedLedgerPeriods(t.sequelize, studio.id, new Date(Number(tomorrowMs)))).toEqual([]);
    // On the first day of next year, this year's December and calendar year are closed too (unless
    // today's job already closed them).
    const [{ ms }] = await sql<{ ms: string }>(
      `SELECT (extract(epoch FROM (date_trunc('year', now() AT TIME ZONE time_zone) + interval '1 year 12 hours') AT TIME ZONE time_zone) * 1000)::bigint::text AS ms
       FROM organizations WHERE id = $1`,
      [studio.id],
    );
    const newYear = await closeEndedLedgerPeriods(t.sequelize, studio.id, new Date(Number(ms)));
    const closedAlready = (period: string[]) => endsWithToday.some((c) => c.join() === period.join());
    expect(newYear.map((c) => [c.periodKind, c.periodStart, c.periodEnd])).toEqual(
      [december, fiscalYear].filter((period) => !closedAlready(period)),
    );
    const yearClosure = [...made, ...newYear].find((c) => c.periodKind === 'FISCAL_YEAR');
    expect(yearClosure).toMatchObject({ recordCount: 5, headSeq: 5 });
    expect(await integrity(studio)).toMatchObject({ ok: true, closures_checked: made.length + newYear.length });
  });
});

describe('closures through the api', () => {
  it('closes an ended period once, refuses one not ended or ill-formed, and shows a studio only its own', async () => {
    const { studio } = await studioWithLedger();
    const other = await buildUser(t.app);
    const made = await request(t.app)
      .post('/api/ledger/closures')
      .set(as(studio))
      .send({ period_kind: 'DAY' })
      .expect(201);
    // Yesterday had no record: the closure keeps the head as it stood then (an empty chain).
    expect(made.body).toMatchObject({
      period_kind: 'DAY',
      record_count: 0,
      first_seq: null,
      head_seq: 0,
      closure_seq: 1,
    });
    const again = await request(t.app)
      .post('/api/ledger/closures')
      .set(as(studio))
      .send({ period_kind: 'DAY' })
      .expect(200);
    expect(again.body.id).toBe(made.body.id);

    const [{ today }] = await sql<{ today: string }>(
      `SELECT (now() AT TIME ZONE time_zone)::date::text AS today FROM organizations WHERE id = $1`,
      [studio.id],
    );
    const open = await request(t.app)
      .post('/api/ledger/closures')
      .set(as(studio))
      .send({ period_kind: 'DAY', period_start: today });
    expect(open.status).toBe(409);
    expect(open.body.code).toBe('ledger_period_open');
    const badMonth = await request(t.app)
      .post('/api/ledger/closures')
      .set(as(studio))
      .send({ period_kind: 'MONTH', period_start: '2026-02-02' });
    expect(badMonth.status).toBe(400);
    const badDay = await request(t.app)
      .post('/api/ledger/closures')
      .set(as(studio))
      .send({ period_kind: 'DAY', period_start: '2026-02-30' });
    expect(badDay.status).toBe(400);
    // A month that does not exist, nor a day past 31 (found by the fuzzer: a 500 before).
    for (const start of ['2024-13-01', '2026-01-32', '2026-00-10']) {
      const res = await request(t.app)
        .post('/api/ledger/closures')
        .set(as(studio))
        .send({ period_kind: 'DAY', period_start: start });
      expect([start, res.status, res.body.code]).toEqual([start, 400, 'invalid_input']);
    }
    const month = await request(t.app)
      .post('/api/ledger/closures')
      .set(as(studio))
      .send({ period_kind: 'MONTH' })
      .expect(201);
    expect(month.body).toMatchObject({
      period_kind: 'MONTH',
      closure_seq: 2,
      previous_closure_hash: made.body.closure_hash,
    });
    const year = await request(t.app)
      .post('/api/ledger/closures')
      .set(as(studio))
      .send({ period_kind: 'FISCAL_YEAR', period_start: '2024-07-01' })
      .expect(201);
    expect(year.body).toMatchObject({ period_start: '2024-07-01', period_end: '2025-06-30' });
    // Another fiscal year from the same day is refused; one over part of it is another anchor.
    const otherEnd = await request(t.app)
      .post('/api/ledger/closures')
      .set(as(studio))
      .send({ period_kind: 'FISCAL_YEAR', period_start: '2024-07-01', period_end: '2024-12-31' });
    expect(otherEnd.status).toBe(409);
    expect(otherEnd.body.code).toBe('ledger_period_closed');
    await request(t.app)
      .post('/api/ledger/closures')
      .set(as(studio))
      .send({ period_kind: 'FISCAL_YEAR', period_start: '2025-01-01' })
      .expect(201);

    expect(await integrity(studio)).toMatchObject({ ok: true, closures_checked: 4 });
    await request(t.app).get(`/api/ledger/closures/${made.body.id}`).set(as(studio)).expect(200);
    await request(t.app).get(`/api/ledger/closures/${made.body.id}`).set(as(other)).expect(404);
    expect((await request(t.app).get('/api/ledger/closures').set(as(other)).expect(200)).body.total).toBe(0);
    expect(
      (await request(t.app).get('/api/ledger/closures?period_kind=MONTH').set(as(studio)).expect(200)).body.total,
    ).toBe(1);
    await request(t.app).get('/api/ledger/integrity').expect(401);
  });
  it('refuses to close a period while the chain up to its end is broken, naming the break, and closes it once repaired (issue 40 §17)', async () => {
    const { studio, first } = await studioWithLedger();
    // The five records made yesterday on the studio's clock, their chain recomputed as it was then.
    const [{ yesterday }] = await sql<{ yesterday: string }>(
      `SELECT ((now() AT TIME ZONE time_zone)::date - 1)::text AS yesterday FROM organizations WHERE id = $1`,
      [studio.id],
    );
    await rechainOnDay(studio, yesterday);
    expect(await integrity(studio)).toMatchObject({ ok: true, records_checked: 5 });

    await byHand(['invoices'], [['UPDATE invoices SET amount = amount + 100 WHERE id = $1', [first.id]]]);
    const refused = await request(t.app).post('/api/ledger/closures').set(as(studio)).send({ period_kind: 'DAY' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'ledger_chain_broken',
      message: expect.stringContaining(first.number),
      details: { seq: 1, reason: 'content_changed', record_id: first.id, number: first.number },
    });
    expect((await request(t.app).get('/api/ledger/closures').set(as(studio)).expect(200)).body.total).toBe(0);
    // The daily job does not seal it either; the day stays open until the row is restored.
    expect(await closeEndedLedgerPeriods(t.sequelize, studio.id, new Date())).toEqual([]);

    await byHand(['invoices'], [['UPDATE invoices SET amount = amount - 100 WHERE id = $1', [first.id]]]);
    const closed = await request(t.app)
      .post('/api/ledger/closures')
      .set(as(studio))
      .send({ period_kind: 'DAY' })
      .expect(201);
    expect(closed.body).toMatchObject({ period_start: yesterday, record_count: 5, first_seq: 1, head_seq: 5 });
  });
  it('exports the chain, which scripts/verify-ledger-chain.mjs verifies without the service; a rewritten chain fails against a head kept outside (issue 40 §18)', async () => {
    const { studio, first } = await studioWithLedger();
    const [{ today }] = await sql<{ today: string }>(
      `SELECT (now() AT TIME ZONE time_zone)::date::text AS today FROM organizations WHERE id = $1`,
      [studio.id],
    );
    const { closure } = await closeLedgerPeriod(
      t.sequelize,
      studio.id,
      { kind: 'DAY', start: today },
      { now: new Date(Date.now() + 36 * 3600_000) },
    );
    const kept = `${closure.headSeq}:${closure.headHash}`;
    const exported = async () => {
      const res = await request(t.app).get('/api/ledger/export').set(as(studio)).expect(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      const file = path.join(os.tmpdir(), `ledger-${crypto.randomUUID()}.json`);
      fs.writeFileSync(file, JSON.stringify(res.body));
      return { file, body: res.body as { owner_id: string; records: { seq: number; content_hash: string }[] } };
    };
    const verify = (file: string, ...args: string[]) =>
      spawnSync(process.execPath, [path.join(__dirname, '../../../scripts/verify-ledger-chain.mjs'), file, ...args], {
        encoding: 'utf8',
      });

    const whole = await exported();
    expect(whole.body).toMatchObject({ owner_id: studio.id, records: expect.any(Array) });
    expect(whole.body.records.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    const ok = verify(whole.file, '--head', kept);
    const head = (await integrity(studio)).head!;
    expect({ status: ok.status, out: ok.stdout.trim() }).toEqual({
      status: 0,
      out: `OK: 5 records and 1 closures hold; head ${head.seq} ${head.hash}`,
    });
    // Another studio's export is its own, and a token is needed.
    const other = await buildUser(t.app);
    expect((await request(t.app).get('/api/ledger/export').set(as(other)).expect(200)).body.records).toEqual([]);
    await request(t.app).get('/api/ledger/export').expect(401);

    // A record changed in the file: named by the script.
    whole.body.records[2].content_hash = 'f'.repeat(64);
    fs.writeFileSync(whole.file, JSON.stringify(whole.body));
    const edited = verify(whole.file);
    expect({ status: edited.status, err: edited.stderr.trim() }).toEqual({
      status: 1,
      err: 'BROKEN at record 3: its chain_hash is not the hash of its fields: the record was changed',
    });

    // The chain rewritten in the database to its end: the closure's kept head no longer holds.
    await forgeFirstInvoice(studio, first);
    const forged = await exported();
    const caught = verify(forged.file, '--head', kept);
    expect(caught.status).toBe(1);
    expect(caught.stderr).toMatch(/^BROKEN at closure 1 \(DAY .*\): the chain at record 5 is not the head it kept/);
    for (const f of [whole.file, forged.file]) fs.rmSync(f, { force: true });
  });
});
