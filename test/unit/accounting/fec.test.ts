import fc from 'fast-check';
import { csvLine, csvRows } from '../../../domain/accounting/csv';
import { buildJournal, type PaymentMovement, type SalesDocument } from '../../../domain/accounting/entries';
import { DEFAULT_ACCOUNTING_ACCOUNTS } from '../../../domain/accounting/accounts';
import { FEC_COLUMNS, fecAmount, fecDocument, fecFileName, fecText } from '../../../domain/accounting/fec';
import { CSV_DIALECT_RULES } from '../../../domain/exports/csv-dialect';

const doc = (over: Partial<SalesDocument> = {}): SalesDocument => ({
  kind: 'invoice',
  number: 'F-2026-00001',
  date: '2026-03-02',
  clientName: 'Ada\tLovelace',
  clientCode: null,
  rates: [{ vatBasisPoints: 2000, baseCents: 123_456n, vatCents: 24_691n }],
  ...over,
});
const pay: PaymentMovement = {
  kind: 'payment',
  method: 'bank_transfer',
  amountCents: 50n,
  date: '2026-03-03',
  invoiceNumber: 'F-2026-00001',
  clientName: 'Ada',
  clientCode: null,
  reference: '=cmd',
  id: 'x',
};

describe('FEC layout', () => {
  it('writes the 18 columns in order, tab-separated, YYYYMMDD dates, decimal commas', () => {
    const text = fecDocument(buildJournal([doc()], [pay], DEFAULT_ACCOUNTING_ACCOUNTS));
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe(FEC_COLUMNS.join('\t'));
    expect(FEC_COLUMNS).toHaveLength(18);
    const rows = lines.slice(1).map((l) => l.split('\t'));
    for (const r of rows) expect(r).toHaveLength(18);
    expect(rows[0]).toEqual([
      'VE',
      'Ventes',
      '1',
      '20260302',
      '411',
      'Clients',
      '',
      '',
      'F-2026-00001',
      '20260302',
      'Facture F-2026-00001 Ada Lovelace',
      '1481,47',
      '0,00',
      '',
      '',
      '20260302',
      '',
      '',
    ]);
    expect(rows[3].slice(0, 5)).toEqual(['BQ', 'Banque et encaissements', '2', '20260303', '512']);
    expect(rows[3][11]).toBe('0,50');
  });

  it('formats amounts and names the file', () => {
    expect([0n, 5n, 123_456n, -50n, 100_000_000n].map((c) => fecAmount(c))).toEqual([
      '0,00',
      '0,05',
      '1234,56',
      '-0,50',
      '1000000,00',
    ]);
    expect(fecFileName('123456789', '2026-12-31')).toBe('123456789FEC20261231.txt');
    expect(fecText(' a\nb\r\tc ')).toBe('a b c');
  });

  it('every FEC line has 18 cells and parses back to balanced entries (property)', () => {
    const rates = fc.uniqueArray(
      fc.record({
        vatBasisPoints: fc.constantFrom(0, 550, 1000, 2000),
        baseCents: fc.bigInt({ min: 0n, max: 10_000_000n }),
        vatCents: fc.bigInt({ min: 0n, max: 2_000_000n }),
      }),
      { selector: (r) => r.vatBasisPoints, maxLength: 4 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.record({ name: fc.string({ maxLength: 30 }), rates, credit: fc.boolean() }), { maxLength: 10 }),
        (docs) => {
          const text = fecDocument(
            buildJournal(
              docs.map((d, i) =>
                doc({
                  kind: d.credit ? 'credit_note' : 'invoice',
                  number: `N${i}`,
                  clientName: d.name,
                  rates: d.rates,
                }),
              ),
              [],
              DEFAULT_ACCOUNTING_ACCOUNTS,
            ),
          );
          const rows = text
            .split('\r\n')
            .slice(1, -1)
            .map((l) => l.split('\t'));
          const byEntry = new Map<string, bigint>();
          for (const r of rows) {
            expect(r).toHaveLength(18);
            expect(r[3]).toMatch(/^\d{8}$/);
            expect(r[11]).toMatch(/^\d+,\d{2}$/);
            expect(r[12]).toMatch(/^\d+,\d{2}$/);
            const c = (s: string) => BigInt(s.replace(',', ''));
            byEntry.set(r[2], (byEntry.get(r[2]) ?? 0n) + c(r[11]) - c(r[12]));
          }
          for (const sum of byEntry.values()) expect(sum).toBe(0n);
          const numbers = rows.map((r) => Number(r[2]));
          expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
        },
      ),
    );
  });

  it('writes csv in the dialect, formulas neutralised', () => {
    const [entry] = buildJournal([], [pay], DEFAULT_ACCOUNTING_ACCOUNTS);
    const rows = csvRows(entry, CSV_DIALECT_RULES['excel-fr']);
    expect(csvLine(rows[0], CSV_DIALECT_RULES['excel-fr'])).toBe(
      'BQ;Banque et encaissements;1;2026-03-03;512;Banque;;;F-2026-00001;2026-03-03;Règlement F-2026-00001 Ada =cmd;0,50;0,00\r\n',
    );
    expect(csvLine(['a,b', '=x'], CSV_DIALECT_RULES.rfc4180)).toBe('"a,b",=x\r\n');
    expect(csvRows({ ...entry, pieceRef: '=1+1' }, CSV_DIALECT_RULES.rfc4180)[0][8]).toBe("'=1+1");
  });
});
