import fc from 'fast-check';
import { contentHash, type LedgerSource } from '../../../domain/ledger/record-content';
import { ledgerSource } from './ledger-fixtures';

// Issue 32 §5: what a line sells and the delivery address are part of an issued invoice's record,
// hashed only when set, so every record made before them keeps its hash.

const invoices = ledgerSource.filter(
  (s): s is Extract<LedgerSource, { type: 'INVOICE_ISSUED' }> => s.type === 'INVOICE_ISSUED',
);

describe("the chained content of an invoice's reform mentions", () => {
  it('keeps the hash of a record without goods or a delivery address, and catches either changed', () => {
    fc.assert(
      fc.property(invoices, (source) => {
        const before = contentHash(source);
        const services = {
          ...source,
          row: {
            ...source.row,
            delivery_address: null,
            lines: source.row.lines.map((l) => ({ ...l, category: 'SERVICES' })),
          },
        };
        // A row read after the migration (services, no address) hashes as it did before.
        expect(contentHash(services)).toBe(before);
        const goods = {
          ...services,
          row: {
            ...services.row,
            lines: services.row.lines.map((l, i) => (i === 0 ? { ...l, category: 'GOODS' } : l)),
          },
        };
        expect(contentHash(goods)).not.toBe(before);
        const delivered = { ...services, row: { ...services.row, delivery_address: { city: 'Villeurbanne' } } };
        expect(contentHash(delivered)).not.toBe(before);
        expect(contentHash({ ...delivered, row: { ...delivered.row, delivery_address: { city: 'Lyon' } } })).not.toBe(
          contentHash(delivered),
        );
      }),
      { numRuns: 50 },
    );
  });
});
