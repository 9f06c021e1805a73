import fc from 'fast-check';
import { type EInvoice, eInvoiceOf } from '../../../domain/invoicing/e-invoice';
import { checkEInvoiceXml, makeEInvoiceXml } from '../../../lib/facturx/e-invoice-gate';
import { documentItems } from '../../factories/e-invoice-items';
import { E_INVOICE_BUYER, E_INVOICE_SELLER } from '../../fixtures/e-invoice-parties';

const invoice = (items: Parameters<typeof eInvoiceOf>[0]['items']) =>
  eInvoiceOf({
    typeCode: '380',
    number: 'F-2026-00042',
    issueDate: '2026-11-28',
    dueDate: '2026-12-28',
    seller: E_INVOICE_SELLER,
    buyer: E_INVOICE_BUYER,
    items,
  });

/** What a studio's messy data can do to a document the rules or the library then refuse. */
const damage = fc.constantFrom(
  (doc: EInvoice): EInvoice => doc,
  // A unit price of seven decimals: past what the library's schema takes (six).
  (doc: EInvoice): EInvoice => ({
    ...doc,
    lines: doc.lines.map((line, i) => (i === 0 ? { ...line, price: { units: 12_345_678n, decimals: 7 } } : line)),
  }),
  // A total one cent off: the EN 16931 rules.
  (doc: EInvoice): EInvoice => ({ ...doc, totals: { ...doc.totals, payableCents: doc.totals.payableCents + 1n } }),
  // No invoice number.
  (doc: EInvoice): EInvoice => ({ ...doc, number: '' }),
);

describe("the issue's e-invoice gate (issue 43)", () => {
  it('accepts exactly what making the XML accepts, and names the same refusals', async () => {
    await fc.assert(
      fc.asyncProperty(documentItems, damage, async (items, damaged) => {
        const doc = damaged(invoice(items));
        const checked = await checkEInvoiceXml(doc, 'fr');
        const made = await makeEInvoiceXml(doc, 'fr');
        if (made.ok) {
          expect(checked).toEqual({ ok: true });
          expect(made.xml).toContain('<ram:ID>F-2026-00042</ram:ID>');
        } else expect(checked).toEqual(made);
      }),
      { numRuns: 120 },
    );
  });
});
