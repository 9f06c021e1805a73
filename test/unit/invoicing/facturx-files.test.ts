import { PDFDocument } from 'pdf-lib';
import { eInvoiceOf } from '../../../domain/invoicing/e-invoice';
import { extractInvoiceXml } from '../../../lib/facturx/extract-xml';
import { facturxPdf, facturxXml } from '../../../lib/facturx/generate';
import { E_INVOICE_BUYER, E_INVOICE_SELLER } from '../../fixtures/e-invoice-parties';

const seller = E_INVOICE_SELLER;
const buyer = { ...E_INVOICE_BUYER, email: null };

const blankPdf = async () => {
  const doc = await PDFDocument.create();
  doc.addPage();
  return doc.save();
};

describe('the Factur-X files (issue 22 §1)', () => {
  it("writes a credit note's CII with its type, the invoice it corrects and the notes' subject codes", async () => {
    const doc = eInvoiceOf({
      typeCode: '381',
      number: 'AV-2026-00001',
      issueDate: '2026-11-24',
      dueDate: null,
      seller,
      buyer,
      preceding: { number: 'F-2026-00001', issueDate: '2026-11-20' },
      credit: {
        lines: [],
        parts: [{ vatBasisPoints: 2000, baseCents: 10000n, vatCents: 2000n, withTaxCents: 12000n }],
      },
    });
    const xml = await facturxXml(doc);
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(xml).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>F-2026-00001<\/ram:IssuerAssignedID>\s*<ram:FormattedIssueDateTime>\s*<qdt:DateTimeString format="102">20261120<\/qdt:DateTimeString>/,
    );
    expect([...xml.matchAll(/<ram:SubjectCode>([A-Z]+)<\/ram:SubjectCode>/g)].map((m) => m[1])).toEqual([
      'PMT',
      'PMD',
      'AAB',
    ]);
    expect(xml).toContain('<ram:GrandTotalAmount>120.00</ram:GrandTotalAmount>');
  });

  it('attaches factur-x.xml to the pdf, and extractInvoiceXml reads the same XML back', async () => {
    const doc = eInvoiceOf({
      typeCode: '380',
      number: 'F-2026-00001',
      issueDate: '2026-11-24',
      dueDate: '2026-12-24',
      seller,
      buyer,
      items: [
        {
          item_type: 'SESSION_TYPE',
          description: 'Séance',
          quantity: 1,
          price_without_tax: '250.00',
          vat_percentage: 20,
        },
      ],
    });
    const pdf = await facturxPdf(doc, await blankPdf(), 'facture.pdf');
    const attached = await extractInvoiceXml(pdf);
    expect(attached).toEqual({ filename: 'factur-x.xml', xml: await facturxXml(doc) });
    expect(Buffer.from(pdf).toString('latin1')).toContain('urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#');
  });

  it('finds no invoice XML in a plain pdf', async () => {
    expect(await extractInvoiceXml(await blankPdf())).toBeNull();
  });
});
