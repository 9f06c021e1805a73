import fc from 'fast-check';
import { chainHash } from '../../../domain/ledger/chain-hash';
import { closureTotals, contributionOf } from '../../../domain/ledger/closure-totals';
import {
  closureHash,
  firstOf,
  type LedgerClosure,
  periodOf,
  periodsEndingOn,
  verifyClosures,
} from '../../../domain/ledger/closures';
import { contentHash, type LedgerSource } from '../../../domain/ledger/record-content';
import { GENESIS_HASH, type LedgerRecord } from '../../../domain/ledger/record-types';
import { ChainWalker } from '../../../domain/ledger/verify-chain';
import { chainOf, ledgerSources, lookup, OWNER } from './ledger-fixtures';

/** Closures cutting `records` after each index of `cuts` (sorted, distinct), as the service makes them. */
function closuresOf(
  records: readonly LedgerRecord[],
  sources: readonly LedgerSource[],
  cuts: number[],
): LedgerClosure[] {
  const closures: LedgerClosure[] = [];
  let from = 1;
  for (const [k, cut] of cuts.entries()) {
    const head = records[cut - 1];
    const inPeriod = sources.slice(from - 1, cut);
    const fields = {
      closureSeq: k + 1,
      periodKind: 'DAY' as const,
      periodStart: `2026-11-${String(k + 1).padStart(2, '0')}`,
      periodEnd: `2026-11-${String(k + 1).padStart(2, '0')}`,
      timeZone: 'Europe/Paris',
      firstSeq: inPeriod.length > 0 ? from : null,
      headSeq: cut,
      headHash: head?.chainHash ?? GENESIS_HASH,
      recordCount: inPeriod.length,
      totals: closureTotals(inPeriod.map(contributionOf)),
      closedAt: '2026-11-28T01:00:00.000000Z',
      previousClosureHash: closures.at(-1)?.closureHash ?? GENESIS_HASH,
    };
    closures.push({ ...fields, id: `c${k + 1}`, closureHash: closureHash(OWNER, fields) });
    from = cut + 1;
  }
  return closures;
}

function check(records: readonly LedgerRecord[], sources: readonly LedgerSource[], closures: readonly LedgerClosure[]) {
  const walker = new ChainWalker(OWNER);
  const find = lookup(sources);
  for (const r of records) walker.push(r, find(r));
  return firstOf(walker.firstBreak, verifyClosures(OWNER, closures, walker));
}

const withCuts = ledgerSources().chain((sources) =>
  fc.tuple(
    fc.constant(sources),
    fc
      .uniqueArray(fc.integer({ min: 1, max: sources.length }), { minLength: 1, maxLength: 4 })
      .map((c) => c.sort((a, b) => a - b)),
  ),
);

describe('closure totals', () => {
  it('adds each currency apart: invoiced with and without tax, credited, paid, reversed, refunded', () => {
    const shares = [
      contributionOf({
        type: 'INVOICE_ISSUED',
        row: {
          currency: 'EUR',
          amount: '120.00',
          vat_amounts: [{ vat_percentage: '20.00', base: '100.00', vat: '20.00' }],
          tax_amounts: null,
        } as never,
      }),
      contributionOf({
        type: 'CREDIT_NOTE_ISSUED',
        row: { currency: 'EUR', amount: '12.00', vat_parts: [{ vat: '2.00' }] } as never,
      }),
      contributionOf({ type: 'PAYMENT', row: { kind: 'payment', currency: 'EUR', amount: '50.00' } as never }),
      contributionOf({ type: 'REVERSAL', row: { kind: 'reversal', currency: 'EUR', amount: '50.00' } as never }),
      contributionOf({ type: 'REFUND', row: { kind: 'refund', currency: 'CAD', amount: '5.00' } as never }),
    ];
    expect(closureTotals(shares)).toEqual({
      CAD: {
        invoiced_incl_tax: '0.00',
        invoiced_excl_tax: '0.00',
        credited_incl_tax: '0.00',
        credited_excl_tax: '0.00',
        paid: '0.00',
        reversed: '0.00',
        refunded: '5.00',
      },
      EUR: {
        invoiced_incl_tax: '120.00',
        invoiced_excl_tax: '100.00',
        credited_incl_tax: '12.00',
        credited_excl_tax: '10.00',
        paid: '50.00',
        reversed: '50.00',
        refunded: '0.00',
      },
    });
  });
});

describe('periods', () => {
  it('a day, a month from its first day, a fiscal year of a year by default or to the day given', () => {
    expect(periodOf('DAY', '2026-11-27')).toEqual({ start: '2026-11-27', end: '2026-11-27' });
    expect(periodOf('MONTH', '2026-02-01')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(periodOf('MONTH', '2026-02-02')).toHaveProperty('problem');
    expect(periodOf('FISCAL_YEAR', '2026-01-01')).toEqual({ start: '2026-01-01', end: '2026-12-31' });
    expect(periodOf('FISCAL_YEAR', '2026-07-01')).toEqual({ start: '2026-07-01', end: '2027-06-30' });
    expect(periodOf('FISCAL_YEAR', '2024-02-29')).toEqual({ start: '2024-02-29', end: '2025-02-28' });
    expect(periodOf('FISCAL_YEAR', '2026-03-15', '2027-12-31')).toEqual({ start: '2026-03-15', end: '2027-12-31' });
    expect(periodOf('FISCAL_YEAR', '2026-03-15', '2028-12-31')).toHaveProperty('problem');
    expect(periodOf('FISCAL_YEAR', '2026-03-15', '2026-03-14')).toHaveProperty('problem');
  });

  it('the end of a day closes it, its month on its last day, its calendar year on 31 December', () => {
    expect(periodsEndingOn('2026-11-27').map((p) => p.kind)).toEqual(['DAY']);
    expect(periodsEndingOn('2026-11-30').map((p) => p.kind)).toEqual(['DAY', 'MONTH']);
    expect(periodsEndingOn('2026-12-31')).toEqual([
      { kind: 'DAY', period: { start: '2026-12-31', end: '2026-12-31' } },
      { kind: 'MONTH', period: { start: '2026-12-01', end: '2026-12-31' } },
      { kind: 'FISCAL_YEAR', period: { start: '2026-01-01', end: '2026-12-31' } },
    ]);
  });
});

describe('verifyClosures', () => {
  it('an untouched chain with its closures verifies', () => {
    fc.assert(
      fc.property(withCuts, ([sources, cuts]) =>
        expect(check(chainOf(sources), sources, closuresOf(chainOf(sources), sources, cuts))).toBeNull(),
      ),
    );
  });

  it('the chain rewritten consistently from a changed record to its end is caught by the first closure after it', () => {
    fc.assert(
      fc.property(withCuts, fc.nat(), ([sources, cuts], pick) => {
        const records = chainOf(sources);
        const closures = closuresOf(records, sources, cuts);
        const i = pick % cuts.at(-1)!; // a record some closure covers
        const tampered = sources.map((s, j) =>
          j === i ? { ...s, row: { ...s.row, amount: s.row.amount === '0.01' ? '0.02' : '0.01' } } : s,
        ) as LedgerSource[];
        // The forger recomputes the changed record's content hash and every chain hash from there.
        const rewritten: LedgerRecord[] = [];
        for (const [j, r] of records.entries()) {
          if (j < i) rewritten.push(r);
          else {
            const link = {
              ...r,
              contentHash: j === i ? contentHash(tampered[j]) : r.contentHash,
              previousHash: rewritten.at(-1)?.chainHash ?? GENESIS_HASH,
            };
            rewritten.push({ ...link, chainHash: chainHash(OWNER, link) });
          }
        }
        const found = check(rewritten, tampered, closures);
        const covering = closures.find((c) => c.headSeq >= i + 1)!;
        expect(found).toMatchObject({
          seq: covering.headSeq,
          recordType: 'CLOSURE',
          recordId: covering.id,
          reason: 'chain_broken',
        });
      }),
    );
  });

  it("a closure's totals, count or head changed, or a closure removed, is named", () => {
    fc.assert(
      fc.property(
        withCuts,
        fc.nat(),
        fc.constantFrom('totals', 'recordCount', 'headHash', 'remove'),
        ([sources, cuts], pick, what) => {
          const records = chainOf(sources);
          const closures = closuresOf(records, sources, cuts);
          const k = pick % closures.length;
          const c = closures[k];
          let changed: LedgerClosure[];
          if (what === 'remove') {
            if (k === closures.length - 1) return; // the last closure removed leaves a shorter, valid list: anchor the heads (docs)
            changed = closures.filter((_, j) => j !== k);
          } else {
            const edited = {
              ...c,
              ...(what === 'totals' ? { totals: { XXX: c.totals[Object.keys(c.totals)[0]] ?? {} } as never } : {}),
              ...(what === 'recordCount' ? { recordCount: c.recordCount + 1 } : {}),
              ...(what === 'headHash' ? { headHash: '1'.repeat(64) } : {}),
            };
            changed = closures.map((x, j) => (j === k ? edited : x));
          }
          const found = check(records, sources, changed);
          expect(found).toMatchObject({ recordType: 'CLOSURE' });
          expect(found?.reason).toMatch(/content_changed|chain_broken/);
        },
      ),
    );
  });

  it('records removed from the end of the chain are caught by a closure that covered them', () => {
    fc.assert(
      fc.property(withCuts, ([sources, cuts]) => {
        const records = chainOf(sources);
        const closures = closuresOf(records, sources, cuts);
        const found = check(records.slice(0, cuts.at(-1)! - 1), sources, closures);
        expect(found).toMatchObject({ recordType: 'CLOSURE', reason: 'missing_record', seq: cuts.at(-1) });
      }),
    );
  });
});
