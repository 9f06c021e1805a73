import fc from 'fast-check';
import { accountProblems, DEFAULT_ACCOUNTING_ACCOUNTS } from '../../../domain/accounting/accounts';
import {
  buildJournal,
  imbalance,
  type PaymentMovement,
  ratePercent,
  type SalesDocument,
} from '../../../domain/accounting/entries';
import { invoiceRates, rateCents, storedRateCents } from '../../../domain/accounting/sources';
import { vatAmountsOf } from '../../../domain/invoicing/stored-vat';

const accounts = DEFAULT_ACCOUNTING_ACCOUNTS;
const RATES = [0, 550, 1000, 2000];
const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-03-${String(d).padStart(2, '0')}`);
const cents = (max: bigint) => fc.bigInt({ min: -max / 10n, max });

const rateAmounts = fc.uniqueArray(
  fc.record({ vatBasisPoints: fc.constantFrom(...RATES), baseCents: cents(1_000_000n), vatCents: cents(200_000n) }),
  { selector: (r) => r.vatBasisPoints, maxLength: 4 },
);
const document: fc.Arbitrary<SalesDocument> = fc.record({
  kind: fc.constantFrom('invoice' as const, 'credit_note' as const),
  number: fc.integer({ min: 1, max: 99_999 }).map((n) => `F-2026-${String(n).padStart(5, '0')}`),
  date: day,
  clientName: fc.string({ maxLength: 20 }),
  clientCode: fc.option(fc.constantFrom('C0001', 'C0002'), { nil: null }),
  rates: rateAmounts,
});
const movement: fc.Arbitrary<PaymentMovement> = fc.record({
  kind: fc.constantFrom('payment' as const, 'refund' as const, 'reversal' as const),
  method: fc.constantFrom('card', 'wallet', 'bank_transfer', 'cash', 'check', 'other'),
  amountCents: fc.bigInt({ min: 1n, max: 1_000_000n }),
  date: day,
  invoiceNumber: fc.constant('F-2026-00001'),
  clientName: fc.string({ maxLength: 20 }),
  clientCode: fc.option(fc.constant('C0001'), { nil: null }),
  reference: fc.option(fc.string({ maxLength: 10 }), { nil: null }),
  id: fc.uuid(),
});
const settings = fc.record({ client_sub_accounts: fc.boolean() }).map((s) => ({ ...accounts, ...s }));

/** Σ debit − Σ credit on one account over a journal. */
const net = (entries: ReturnType<typeof buildJournal>, account: string, journal?: string) =>
  entries
    .filter((e) => !journal || e.journal === journal)
    .flatMap((e) => e.lines)
    .filter((l) => l.account === account)
    .reduce((s, l) => s + l.debitCents - l.creditCents, 0n);

describe('accounting entries', () => {
  it('posts an invoice in three rates: 411 debit TTC, 706 and 44571 credit per rate', () => {
    const [entry] = buildJournal(
      [
        {
          kind: 'invoice',
          number: 'F-2026-00001',
          date: '2026-03-02',
          clientName: 'Ada',
          clientCode: null,
          rates: [
            { vatBasisPoints: 2000, baseCents: 150_000n, vatCents: 30_000n },
            { vatBasisPoints: 1000, baseCents: 3750n, vatCents: 375n },
            { vatBasisPoints: 550, baseCents: 6000n, vatCents: 330n },
          ],
        },
      ],
      [],
      accounts,
    );
    expect(entry.lines.map((l) => [l.account, l.accountLabel, l.debitCents, l.creditCents])).toEqual([
      ['411', 'Clients', 190_455n, 0n],
      ['706', 'Prestations de services 5,5 %', 0n, 6000n],
      ['44571', 'TVA collectée 5,5 %', 0n, 330n],
      ['706', 'Prestations de services 10 %', 0n, 3750n],
      ['44571', 'TVA collectée 10 %', 0n, 375n],
      ['706', 'Prestations de services 20 %', 0n, 150_000n],
      ['44571', 'TVA collectée 20 %', 0n, 30_000n],
    ]);
  });

  it('reverses a credit note and a refund, and posts card and wallet payments to their clearing accounts', () => {
    const entries = buildJournal(
      [
        {
          kind: 'credit_note',
          number: 'AV-2026-00001',
          invoiceNumber: 'F-2026-00001',
          date: '2026-03-05',
          clientName: 'Ada',
          clientCode: 'C1',
          rates: [{ vatBasisPoints: 2000, baseCents: 10_000n, vatCents: 2000n }],
        },
      ],
      [
        {
          kind: 'payment',
          method: 'card',
          amountCents: 500n,
          date: '2026-03-04',
          invoiceNumber: 'F-2026-00001',
          clientName: 'Ada',
          clientCode: 'C1',
          reference: null,
          id: 'a',
        },
        {
          kind: 'payment',
          method: 'wallet',
          amountCents: 700n,
          date: '2026-03-04',
          invoiceNumber: 'F-2026-00001',
          clientName: 'Ada',
          clientCode: 'C1',
          reference: null,
          id: 'b',
        },
        {
          kind: 'refund',
          method: 'bank_transfer',
          amountCents: 300n,
          date: '2026-03-06',
          invoiceNumber: 'F-2026-00001',
          clientName: 'Ada',
          clientCode: 'C1',
          reference: 'VIR 1',
          id: 'c',
        },
      ],
      { ...accounts, client_sub_accounts: true },
    );
    expect(entries.map((e) => [e.number, e.journal, e.date])).toEqual([
      [1, 'payments', '2026-03-04'],
      [2, 'payments', '2026-03-04'],
      [3, 'sales', '2026-03-05'],
      [4, 'payments', '2026-03-06'],
    ]);
    expect(entries[0].lines.map((l) => [l.account, l.debitCents, l.creditCents, l.auxAccount])).toEqual([
      ['5115', 500n, 0n, null],
      ['411', 0n, 500n, 'C1'],
    ]);
    expect(entries[1].lines[0].account).toBe('5116');
    expect(entries[2].lines.map((l) => [l.account, l.debitCents, l.creditCents])).toEqual([
      ['411', 0n, 12_000n],
      ['706', 10_000n, 0n],
      ['44571', 2000n, 0n],
    ]);
    expect(entries[3].lines.map((l) => [l.account, l.debitCents, l.creditCents])).toEqual([
      ['512', 0n, 300n],
      ['411', 300n, 0n],
    ]);
  });

  it('takes a final invoice deducting a deposit at its rates, net of the deposit', () => {
    // 2,130.00 excl. VAT (1,800.00 at 20 %, 330.00 at 10 %) less a deposit of 540.00 + 99.00 with tax.
    const rates = invoiceRates([
      { item_type: 'SESSION_TYPE', quantity: 1, price_without_tax: '1800.00', vat_percentage: '20.00' },
      { item_type: 'SESSION_TYPE', quantity: 1, price_without_tax: '330.00', vat_percentage: '10.00' },
      {
        item_type: 'DEPOSIT',
        quantity: 1,
        price_with_tax: '-540.00',
        price_without_tax: '-450.00',
        vat_percentage: '20.00',
      },
      {
        item_type: 'DEPOSIT',
        quantity: 1,
        price_with_tax: '-99.00',
        price_without_tax: '-90.00',
        vat_percentage: '10.00',
      },
    ]);
    expect(rates).toEqual([
      { vatBasisPoints: 1000, baseCents: 24_000n, vatCents: 2400n },
      { vatBasisPoints: 2000, baseCents: 135_000n, vatCents: 27_000n },
    ]);
  });

  it("reads a credit note's rates from its stored breakdown, the fast way and the exact way alike", () => {
    const stored = [
      { vat_percentage: '10.00', base: '200.00', vat: '20.00', total: '220.00' },
      { vat_percentage: '20.00', base: '8.33', vat: '1.67', total: '10.00' },
    ];
    expect(storedRateCents(stored)).toEqual([
      { vatBasisPoints: 1000, baseCents: 20_000, vatCents: 2000 },
      { vatBasisPoints: 2000, baseCents: 833, vatCents: 167 },
    ]);
    const decimal = fc
      .bigInt({ min: -9_999_999_999n, max: 9_999_999_999n })
      .map(
        (c) => `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`,
      );
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            vat_percentage: fc.constantFrom('0.00', '2.10', '5.50', '10.00', '20.00'),
            base: decimal,
            vat: decimal,
          }),
        ),
        (rows) => {
          expect(storedRateCents(rows)).toEqual(rateCents(vatAmountsOf(rows)));
        },
      ),
    );
  });

  it('every entry balances, numbers run 1… by date, totals equal the ledger (property)', () => {
    fc.assert(
      fc.property(
        fc.array(document, { maxLength: 15 }),
        fc.array(movement, { maxLength: 15 }),
        settings,
        (docs, moves, chart) => {
          const entries = buildJournal(docs, moves, chart);
          entries.forEach((e, i) => {
            expect(imbalance(e)).toBe(0n);
            expect(e.number).toBe(i + 1);
            if (i > 0) expect(entries[i - 1].date <= e.date).toBe(true);
            for (const l of e.lines) {
              expect(l.debitCents >= 0n && l.creditCents >= 0n).toBe(true);
              expect(l.debitCents === 0n || l.creditCents === 0n).toBe(true);
              if (l.auxAccount) expect(chart.client_sub_accounts && l.account === chart.client).toBe(true);
            }
          });
          const sign = (d: SalesDocument) => (d.kind === 'invoice' ? 1n : -1n);
          const ttc = docs.reduce(
            (s, d) => s + sign(d) * d.rates.reduce((t, r) => t + r.baseCents + r.vatCents, 0n),
            0n,
          );
          const ht = docs.reduce((s, d) => s + sign(d) * d.rates.reduce((t, r) => t + r.baseCents, 0n), 0n);
          const vat = docs.reduce((s, d) => s + sign(d) * d.rates.reduce((t, r) => t + r.vatCents, 0n), 0n);
          expect(net(entries, chart.client, 'sales')).toBe(ttc);
          expect(-net(entries, chart.sales)).toBe(ht);
          expect(-net(entries, chart.vat_collected)).toBe(vat);
          const kept = moves.reduce((s, m) => s + (m.kind === 'payment' ? m.amountCents : -m.amountCents), 0n);
          expect(-net(entries, chart.client, 'payments')).toBe(kept);
          expect(net(entries, chart.bank) + net(entries, chart.card) + net(entries, chart.wallet)).toBe(kept);
        },
      ),
    );
  });

  it('formats rates and checks account numbers', () => {
    expect([2000, 1000, 550, 210, 0].map(ratePercent)).toEqual(['20', '10', '5,5', '2,1', '0']);
    expect(accountProblems({ client: '41100000', sales: '70' })).toEqual([
      { path: 'sales', message: 'An account number is 3 to 20 digits' },
    ]);
    expect(accountProblems({ bank: '512a' })).toHaveLength(1);
    expect(accountProblems({ bank: '1'.repeat(21) })).toHaveLength(1);
  });
});
