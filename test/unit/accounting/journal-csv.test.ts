import fc from 'fast-check';
import { DEFAULT_ACCOUNTING_ACCOUNTS } from '../../../domain/accounting/accounts';
import { buildJournal, imbalance, type PaymentMovement, type SalesDocument } from '../../../domain/accounting/entries';
import {
  type CurrencyMovement,
  currencyJournal,
  JOURNAL_CSV_COLUMNS,
  journalCsvChunks,
} from '../../../domain/accounting/journal-csv';
import { taxAmountTaxes, type TaxedDocument, taxLabel } from '../../../domain/accounting/tax-documents';
import { CSV_DIALECT_RULES } from '../../../domain/exports/csv-dialect';

const accounts = DEFAULT_ACCOUNTING_ACCOUNTS;
const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-03-${String(d).padStart(2, '0')}`);
const currency = fc.constantFrom('CAD', 'GBP', 'EUR');

const salesDocument: fc.Arbitrary<SalesDocument> = fc.record({
  kind: fc.constantFrom('invoice' as const, 'credit_note' as const),
  number: fc.integer({ min: 1, max: 99_999 }).map((n) => `F-2026-${String(n).padStart(5, '0')}`),
  invoiceNumber: fc.constant('F-2026-00001'),
  date: day,
  clientName: fc.constantFrom('Ada', 'Grace'),
  clientCode: fc.option(fc.constantFrom('C0001', 'C0002'), { nil: null }),
  rates: fc.uniqueArray(
    fc.record({
      vatBasisPoints: fc.constantFrom(0, 500, 2000),
      baseCents: fc.bigInt({ min: -10_000n, max: 1_000_000n }),
      vatCents: fc.bigInt({ min: -2_000n, max: 200_000n }),
    }),
    { selector: (r) => r.vatBasisPoints, maxLength: 3 },
  ),
});
const movement: fc.Arbitrary<PaymentMovement> = fc.record({
  kind: fc.constantFrom('payment' as const, 'refund' as const, 'reversal' as const),
  method: fc.constantFrom('card', 'wallet', 'bank_transfer', 'cash'),
  amountCents: fc.bigInt({ min: 1n, max: 1_000_000n }),
  date: day,
  invoiceNumber: fc.constantFrom('F-2026-00001', 'F-2026-00002'),
  clientName: fc.constant('Ada'),
  clientCode: fc.option(fc.constant('C0001'), { nil: null }),
  reference: fc.option(fc.constant('VIR 1'), { nil: null }),
  id: fc.uuid(),
});

/** A FEC source document as the journal csv takes it: each rate a VAT of its own, in `currency`. */
const taxed = (d: SalesDocument, currency: string): TaxedDocument => ({
  ...d,
  currency,
  sales: d.rates.map((r) => ({ taxLabel: taxLabel('VAT', r.vatBasisPoints * 10), cents: r.baseCents })),
  taxes: d.rates.map((r) => ({
    name: 'VAT',
    milliPercent: r.vatBasisPoints * 10,
    baseCents: r.baseCents,
    amountCents: r.vatCents,
  })),
});

/** An entry's lines as sorted (account, debit, credit) triples: what the books read of it. */
const postings = (lines: readonly { account: string; debitCents: bigint; creditCents: bigint }[]) =>
  lines.map((l) => `${l.account}|${l.debitCents}|${l.creditCents}`).sort();

describe('the journal csv', () => {
  it('posts a Québec invoice: receivable debit, sales credit with the net, GST and QST apart, in CAD', () => {
    const invoice: TaxedDocument = {
      kind: 'invoice',
      number: 'INV-2026-0001',
      date: '2026-03-02',
      currency: 'CAD',
      clientName: 'Ada',
      clientCode: null,
      ...taxAmountTaxes('1149.75', [
        { name: 'GST', rate: '5', base: '1000.00', amount: '50.00' },
        { name: 'QST', rate: '9.975', base: '1000.00', amount: '99.75' },
      ]),
    };
    const entries = currencyJournal([invoice], [], accounts);
    const text = [...journalCsvChunks(entries, CSV_DIALECT_RULES.rfc4180)].join('');
    expect(text.split('\r\n')).toEqual([
      `\ufeff${JOURNAL_CSV_COLUMNS.join(',')}`,
      'SJ,Sales journal,1,2026-03-02,411,Accounts receivable,,,INV-2026-0001,Invoice INV-2026-0001 Ada,1149.75,0.00,CAD',
      'SJ,Sales journal,1,2026-03-02,706,Sales of services,,,INV-2026-0001,Invoice INV-2026-0001 Ada,0.00,1000.00,CAD',
      'SJ,Sales journal,1,2026-03-02,44571,GST 5 % collected,,,INV-2026-0001,Invoice INV-2026-0001 Ada,0.00,50.00,CAD',
      'SJ,Sales journal,1,2026-03-02,44571,QST 9.975 % collected,,,INV-2026-0001,Invoice INV-2026-0001 Ada,0.00,99.75,CAD',
      '',
    ]);
  });

  it('has the FEC’s entries: same numbers, days, documents and postings, each in its document’s currency', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(salesDocument, currency), { maxLength: 12 }),
        fc.array(fc.tuple(movement, currency), { maxLength: 12 }),
        fc.boolean(),
        (docs, moves, sub) => {
          const chart = { ...accounts, client_sub_accounts: sub };
          const fec = buildJournal(
            docs.map(([d]) => d),
            moves.map(([m]) => m),
            chart,
          );
          const documents = docs.map(([d, c]) => taxed(d, c));
          const movements: CurrencyMovement[] = moves.map(([m, c]) => ({ ...m, currency: c }));
          const journal = currencyJournal(documents, movements, chart);
          expect(journal.map((e) => [e.number, e.date, e.journal, e.pieceRef])).toEqual(
            fec.map((e) => [e.number, e.date, e.journal, e.pieceRef]),
          );
          journal.forEach((entry, n) => {
            expect(postings(entry.lines)).toEqual(postings(fec[n].lines));
            expect(imbalance(entry)).toBe(0n);
            for (const l of entry.lines) expect(l.debitCents >= 0n && l.creditCents >= 0n).toBe(true);
          });
          // Every entry carries the currency of its document or ledger row, never another.
          const currencies = new Set([
            ...documents.map((d) => `${d.number}|${d.currency}`),
            ...movements.map((m) => `${m.invoiceNumber}|${m.currency}`),
          ]);
          for (const e of journal) expect(currencies.has(`${e.pieceRef}|${e.currency}`)).toBe(true);
        },
      ),
    );
  });

  it('writes every line with its currency in the last column, the dialect’s decimal mark', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(salesDocument, currency), { maxLength: 8 }), (docs) => {
        const entries = currencyJournal(
          docs.map(([d, c]) => taxed(d, c)),
          [],
          accounts,
        );
        const records = [...journalCsvChunks(entries, CSV_DIALECT_RULES['excel-fr'])]
          .join('')
          .split('\r\n')
          .slice(1, -1);
        expect(records).toHaveLength(entries.reduce((s, e) => s + e.lines.length, 0));
        const currencies = entries.flatMap((e) => e.lines.map(() => e.currency));
        records.forEach((r, i) => {
          const cells = r.split(';');
          expect(cells).toHaveLength(JOURNAL_CSV_COLUMNS.length);
          expect(cells[12]).toBe(currencies[i]);
          expect(cells[10]).toMatch(/^\d+,\d\d$/);
        });
      }),
    );
  });
});
