import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { readPurchaseInvoice } from '../../../domain/invoicing/purchase-invoice';
import { parseInvoiceXml } from '../../../lib/facturx/read-xml';

const fixture = (name: string) =>
  fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'e-invoices', name), 'utf8');
const parsed = (xml: string) => {
  const p = parseInvoiceXml(xml);
  if (!p.ok) throw new Error(p.message);
  return p.document;
};
const read = (xml: string) => readPurchaseInvoice(parsed(xml));
const euros = (cents: number) => (cents / 100).toFixed(2);

/** A CII invoice with these VAT lines and these totals, as a supplier's tool would write it. */
function cii(
  lines: { rate: string; base: number; tax: number }[],
  totals: { withoutTax: number; tax: number; total: number },
) {
  const taxes = lines
    .map(
      (l) =>
        `<ram:ApplicableTradeTax><ram:CalculatedAmount>${euros(l.tax)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>${euros(l.base)}</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${l.rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
    )
    .join('');
  return fixture('supplier-cii.xml').replace(
    /<ram:ApplicableHeaderTradeSettlement>[\s\S]*<\/ram:ApplicableHeaderTradeSettlement>/,
    `<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>${taxes}<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:TaxBasisTotalAmount>${euros(totals.withoutTax)}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="EUR">${euros(totals.tax)}</ram:TaxTotalAmount><ram:GrandTotalAmount>${euros(totals.total)}</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation></ram:ApplicableHeaderTradeSettlement>`,
  );
}

describe('readPurchaseInvoice', () => {
  it("reads a CII invoice's seller, number, dates, totals and VAT per rate", () => {
    expect(read(fixture('supplier-cii.xml'))).toEqual({
      ok: true,
      invoice: {
        syntax: 'CII',
        typeCode: '380',
        number: 'FA-2026-0042',
        issueDate: '2026-11-02',
        dueDate: '2026-12-02',
        currency: 'EUR',
        sellerName: 'Labo Photo Lumière SAS',
        sellerSiren: '732829320',
        sellerVatNumber: 'FR40732829320',
        totalWithoutTaxCents: 14_000n,
        totalTaxCents: 2_220n,
        totalCents: 16_220n,
        vat: [
          { rate: '20.00', category: 'S', baseCents: 10_000n, taxCents: 2_000n },
          { rate: '5.50', category: 'S', baseCents: 4_000n, taxCents: 220n },
        ],
      },
    });
  });

  it('reads a UBL invoice, its number kept as written and the SIREN taken from a SIRET', () => {
    const reading = read(fixture('supplier-ubl.xml'));
    expect(reading).toMatchObject({
      ok: true,
      invoice: {
        syntax: 'UBL',
        number: '00123',
        sellerName: 'Loueur Matériel Pro',
        sellerSiren: '404833048',
        sellerVatNumber: 'FR83404833048',
        totalCents: 30_000n,
        dueDate: '2026-11-14',
      },
    });
  });

  it('names each problem with its element: totals a cent off, a missing number, an impossible date, a bad amount', () => {
    const off = read(
      fixture('supplier-cii.xml').replace('<ram:GrandTotalAmount>162.20', '<ram:GrandTotalAmount>162.21'),
    );
    expect(off).toEqual({
      ok: false,
      problems: [
        expect.objectContaining({
          path: expect.stringContaining('GrandTotalAmount'),
          message: expect.stringContaining('BR-CO-15'),
        }),
      ],
    });
    const broken = read(
      fixture('supplier-cii.xml')
        .replace('<ram:ID>FA-2026-0042</ram:ID>', '')
        .replace('format="102">20261102', 'format="102">20260231')
        .replace('<ram:TaxBasisTotalAmount>140.00', '<ram:TaxBasisTotalAmount>1,40'),
    );
    expect(broken.ok).toBe(false);
    const paths = (broken as { problems: { path: string }[] }).problems.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'ExchangedDocument/ID',
        'ExchangedDocument/IssueDateTime',
        expect.stringContaining('TaxBasisTotalAmount'),
      ]),
    );
  });

  it('answers that an XML which is neither CII nor UBL is not an invoice', () => {
    expect(read('<?xml version="1.0"?><Order><ID>1</ID></Order>')).toEqual({
      ok: false,
      problems: [{ path: '/', message: expect.stringContaining('neither') }],
    });
  });

  it('reads back any consistent set of VAT lines exactly, and refuses the same totals a cent off (property)', () => {
    const line = fc.record({
      rate: fc.constantFrom('20.00', '10.00', '5.50', '2.10', '0.00'),
      base: fc.integer({ min: 0, max: 10_000_000 }),
      tax: fc.integer({ min: 0, max: 2_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), fc.constantFrom(-1, 1), (lines, cent) => {
        const withoutTax = lines.reduce((s, l) => s + l.base, 0);
        const tax = lines.reduce((s, l) => s + l.tax, 0);
        const good = read(cii(lines, { withoutTax, tax, total: withoutTax + tax }));
        expect(good.ok).toBe(true);
        if (good.ok) {
          expect(good.invoice.totalCents).toBe(BigInt(withoutTax + tax));
          expect(good.invoice.vat.map((l) => [l.rate, Number(l.baseCents), Number(l.taxCents)])).toEqual(
            lines.map((l) => [l.rate, l.base, l.tax]),
          );
        }
        expect(read(cii(lines, { withoutTax, tax, total: withoutTax + tax + cent })).ok).toBe(false);
      }),
      { numRuns: 50 },
    );
  });
});

describe('parseInvoiceXml', () => {
  it('refuses a DOCTYPE (no entity expansion, no external resource) and malformed XML with its line', () => {
    expect(parseInvoiceXml('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>')).toMatchObject({
      ok: false,
      message: expect.stringContaining('DOCTYPE'),
    });
    expect(parseInvoiceXml('<a><b></a>')).toMatchObject({ ok: false, message: expect.stringContaining('line 1') });
    // Nested 200 000 deep: refused before the parser recurses, not a stack overflow.
    expect(parseInvoiceXml(`<?xml version="1.0"?>${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}`)).toMatchObject({
      ok: false,
      message: expect.stringContaining('nested'),
    });
    expect(parseInvoiceXml(fixture('supplier-cii.xml')).ok).toBe(true);
  });
});
