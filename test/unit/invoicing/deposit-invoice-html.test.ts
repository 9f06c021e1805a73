import { documentHtml, type DocumentView } from '../../../domain/invoicing/document-html';

/** A deposit invoice of 639.00 on quote D-2026-00003 (docs/payment-schedules.md). */
const depositInvoice = (locale: DocumentView['locale']): DocumentView => ({
  kind: 'invoice',
  locale,
  number: 'F-2026-00012',
  title: 'Mariage Dubois',
  description: null,
  issuedOn: '2026-03-12',
  untilDate: '2026-03-12',
  status: 'ISSUED',
  company: { name: 'Studio Lumière', legalForm: null, shareCapitalCents: null, siren: null, siret: null, vatNumber: null, rcsCity: null, address: [], email: null, phone: null },
  payment: { iban: 'FR7630006000011234567890189', bic: null, termsDays: 30, lateRate: '10', vatExempt: false },
  client: { name: 'Chloé Dubois', email: null, address: ['Lyon'] },
  lines: [
    { type: 'SESSION_TYPE', description: 'Acompte de 30 % sur le devis D-2026-00003 – TVA 10 %', quantity: '1', unitWithoutTaxCents: 9_000n, vatPercent: '10', totalCents: 9_900n },
    { type: 'SESSION_TYPE', description: 'Acompte de 30 % sur le devis D-2026-00003 – TVA 20 %', quantity: '1', unitWithoutTaxCents: 45_000n, vatPercent: '20', totalCents: 54_000n },
  ],
  vat: [
    { percent: '10', baseCents: 9_000n, vatCents: 900n },
    { percent: '20', baseCents: 45_000n, vatCents: 9_000n },
  ],
  totalWithoutTaxCents: 54_000n,
  totalVatCents: 9_900n,
  totalWithTaxCents: 63_900n,
  deposit: { quoteNumber: 'D-2026-00003' },
});

describe('the deposit invoice document', () => {
  it("is titled Facture d'acompte and names the quote it is a deposit on, with the payment terms of any invoice", () => {
    const html = documentHtml(depositInvoice('fr-FR'));
    expect(html).toContain('<h1>Facture d&#39;acompte N° F-2026-00012</h1>');
    expect(html).toContain('<div>Acompte sur le devis D-2026-00003</div>');
    expect(html).toContain('IBAN');
  });

  it('speaks English for an en-US client', () => {
    const html = documentHtml(depositInvoice('en-US'));
    expect(html).toContain('<h1>Deposit invoice No. F-2026-00012</h1>');
    expect(html).toContain('<div>Deposit on quote D-2026-00003</div>');
  });

  it('an invoice that is not a deposit keeps its title', () => {
    expect(documentHtml({ ...depositInvoice('fr-FR'), deposit: null })).toContain('<h1>Facture N° F-2026-00012</h1>');
  });
});
