import { itemDocumentLines } from '../../../domain/invoicing/document-lines';
import { documentHtml, documentPaymentLines, type DocumentView } from '../../../domain/invoicing/document-html';

/** A deposit invoice of 639.00 on quote D-2026-00003 (docs/payment-schedules.md). */
const depositInvoice = (locale: DocumentView['locale']): DocumentView => ({
  kind: 'invoice',
  locale,
  currency: 'EUR',
  number: 'F-2026-00012',
  title: 'Mariage Dubois',
  description: null,
  issuedOn: '2026-03-12',
  untilDate: '2026-03-12',
  status: 'ISSUED',
  company: {
    name: 'Studio Lumière',
    legalForm: null,
    shareCapitalCents: null,
    siren: null,
    siret: null,
    vatNumber: null,
    rcsCity: null,
    address: [],
    email: null,
    phone: null,
  },
  payment: { iban: 'FR7630006000011234567890189', bic: null, termsDays: 30, lateRate: '10', vatExempt: false },
  client: { name: 'Chloé Dubois', email: null, address: ['Lyon'] },
  body: itemDocumentLines([
    {
      item_type: 'SESSION_TYPE',
      description: 'Acompte de 30 % sur le devis D-2026-00003 – TVA 10 %',
      quantity: '1',
      price_without_tax: '90.00',
      vat_percentage: '10',
    },
    {
      item_type: 'SESSION_TYPE',
      description: 'Acompte de 30 % sur le devis D-2026-00003 – TVA 20 %',
      quantity: '1',
      price_without_tax: '450.00',
      vat_percentage: '20',
    },
  ]),
  delivery: { day: '2026-03-12' },
  deposit: { quoteNumber: 'D-2026-00003' },
});

describe('the deposit invoice document', () => {
  it("is titled Facture d'acompte and names the quote it is a deposit on, with the payment lines of any invoice", () => {
    const html = documentHtml(depositInvoice('fr-FR'));
    expect(html).toContain('<h1>Facture d&#39;acompte N° F-2026-00012</h1>');
    expect(html).toContain('<div>Acompte sur le devis D-2026-00003</div>');
    expect(html).toContain('IBAN');
  });

  it("leaves out the studio's 30-day terms beside a due date they do not lead to, and keeps them beside one they do", () => {
    // Due at booking, the day it is issued: "Paiement à 30 jours" would contradict it.
    expect(documentPaymentLines(depositInvoice('fr-FR'))).not.toContain('Paiement à 30 jours');
    expect(documentPaymentLines({ ...depositInvoice('en-US'), untilDate: '2026-04-01' })).not.toContain(
      'Payment within 30 days',
    );
    expect(documentPaymentLines({ ...depositInvoice('fr-FR'), untilDate: '2026-04-11' })).toContain(
      'Paiement à 30 jours',
    );
    expect(documentPaymentLines({ ...depositInvoice('fr-FR'), untilDate: null })).toContain('Paiement à 30 jours');
    // A quote's terms are those its invoices will have.
    expect(documentPaymentLines({ ...depositInvoice('fr-FR'), kind: 'quote' })).toContain('Paiement à 30 jours');
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
