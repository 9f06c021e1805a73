import { creditDocumentLines } from '../../../domain/invoicing/document-lines';
import { documentHtml, type DocumentView } from '../../../domain/invoicing/document-html';

const creditNote = (locale: DocumentView['locale']): DocumentView => ({
  kind: 'credit_note',
  locale,
  currency: 'EUR',
  number: 'AV-2026-00007',
  title: 'Mariage',
  description: null,
  issuedOn: '2026-03-10',
  untilDate: null,
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
  body: creditDocumentLines(
    [],
    [{ vatBasisPoints: 2000, withTaxCents: 12_000n, baseCents: 10_000n, vatCents: 2_000n }],
    'Montant crédité',
  ),
  delivery: { day: '2026-03-03' },
  corrects: { number: 'F-2026-00042', issuedOn: '2026-03-03', reason: 'Album <jamais> livré' },
});

describe('the credit note document', () => {
  it('is titled Avoir and names the invoice it corrects, its date and the reason (escaped), without payment terms', () => {
    const html = documentHtml(creditNote('fr-FR'));
    expect(html).toContain('<h1>Avoir N° AV-2026-00007</h1>');
    expect(html).toContain('Avoir sur la facture F-2026-00042 du 3 mars 2026');
    expect(html).toContain('Motif : Album &lt;jamais&gt; livré');
    expect(html).not.toContain('IBAN');
  });

  it('speaks English for an en-US client', () => {
    const html = documentHtml(creditNote('en-US'));
    expect(html).toContain('<h1>Credit note No. AV-2026-00007</h1>');
    expect(html).toContain('Credit note for invoice F-2026-00042 of March 3, 2026');
  });
});
