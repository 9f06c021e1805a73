import fc from 'fast-check';
import { USER_LOCALES, type UserLocale } from '../../../domain/accounts/users';
import { PAYMENT_METHODS } from '../../../domain/invoicing/statuses';
import { checkoutLocale, checkoutReturnUrls } from '../../../domain/payments/checkout-session';
import { receiptEmail } from '../../../domain/payments/receipt-email';
import { receiptFilename, receiptHtml, receiptRows, type ReceiptView } from '../../../domain/payments/receipt-html';
import { paymentMethodLabel } from '../../../domain/payments/receipt-words';

const view = (overrides: Partial<ReceiptView> = {}): ReceiptView => ({
  locale: 'fr-FR',
  currency: 'EUR',
  number: 'F-2026-00012-R2',
  studio: { name: 'Studio Lumière SARL', address: ['12 rue Lepic', '75018 Paris'] },
  client: { name: 'Chloé Dubois', email: 'chloe@example.fr' },
  invoice: { number: 'F-2026-00012', title: 'Séance famille', totalCents: 120_000n },
  payment: { amountCents: 36_000n, method: 'bank_transfer', receivedOn: '2026-03-14', reference: 'VIR ACOMPTE' },
  balanceAfterCents: 84_000n,
  ...overrides,
});
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('a payment receipt', () => {
  it('names the invoice, the amount, the method, the day and what is still due, in French', () => {
    expect(receiptRows(view())).toEqual([
      { label: 'Facture', value: 'F-2026-00012 – Séance famille' },
      { label: 'Date du paiement', value: '14 mars 2026' },
      { label: 'Moyen de paiement', value: 'Virement bancaire' },
      { label: 'Référence', value: 'VIR ACOMPTE' },
      { label: 'Montant reçu', value: '360,00\u00a0€', strong: true },
      { label: 'Montant de la facture', value: '1\u202f200,00\u00a0€' },
      { label: 'Reste à payer', value: '840,00\u00a0€', strong: true },
    ]);
    const html = text(receiptHtml(view()));
    expect(html).toContain('Reçu de paiement N° F-2026-00012-R2');
    expect(html).toContain('Reçu de Chloé Dubois');
    expect(html).not.toContain('intégralement réglée');
    expect(receiptFilename(view())).toBe('recu-F-2026-00012-R2.pdf');
  });

  it('in English, in pounds, with the Cheque of British English, and says so when nothing is left', () => {
    const paid = view({
      locale: 'en-GB',
      currency: 'GBP',
      payment: { amountCents: 84_000n, method: 'check', receivedOn: '2026-03-14', reference: null },
      balanceAfterCents: 0n,
    });
    expect(receiptRows(paid).map((r) => [r.label, r.value])).toEqual([
      ['Invoice', 'F-2026-00012 – Séance famille'],
      ['Payment date', '14 March 2026'],
      ['Payment method', 'Cheque'],
      ['Amount received', '£840.00'],
      ['Invoice total', '£1,200.00'],
      ['Still due', '£0.00'],
    ]);
    expect(text(receiptHtml(paid))).toContain('The invoice is paid in full.');
    expect(receiptFilename(paid)).toBe('receipt-F-2026-00012-R2.pdf');
    expect(paymentMethodLabel('check', 'en-US')).toBe('Check');
    expect(paymentMethodLabel('card', 'en-CA')).toBe('Card');
    expect(paymentMethodLabel('card', 'fr-CA')).toBe('Carte bancaire');
  });

  it('escapes what the studio typed', () => {
    const html = receiptHtml(view({ studio: { name: '<script>x</script>', address: [] } }));
    expect(html).not.toContain('<script>x');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
  });

  it('its email: subject, the amount and what is left, in the client language', () => {
    const fr = receiptEmail(view());
    expect(fr.subject).toBe('Reçu de paiement F-2026-00012-R2 – facture F-2026-00012');
    expect(fr.text).toContain('Nous avons bien reçu votre paiement de 360,00\u00a0€ pour la facture F-2026-00012.');
    expect(fr.text).toContain('Reste à payer\u00a0: 840,00\u00a0€');
    expect(fr.html).toContain('<p>Bonjour,</p>');
    const en = receiptEmail(view({ locale: 'en-US', currency: 'USD', balanceAfterCents: 0n }));
    expect(en.subject).toBe('Payment receipt F-2026-00012-R2 – invoice F-2026-00012');
    expect(en.text).toContain('We have received your payment of $360.00 for invoice F-2026-00012.');
    expect(en.text).toContain('The invoice is paid in full.');
    expect(en.text).not.toContain('Still due');
  });

  it('every locale and method has its words, and every row a value (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...USER_LOCALES),
        fc.constantFrom(...PAYMENT_METHODS),
        fc.bigInt({ min: 1n, max: 9_999_999_999n }),
        fc.bigInt({ min: 0n, max: 9_999_999_999n }),
        (locale: UserLocale, method, amountCents, balanceAfterCents) => {
          const v = view({
            locale,
            payment: { amountCents, method, receivedOn: '2026-12-31', reference: null },
            balanceAfterCents,
          });
          const rows = receiptRows(v);
          expect(rows).toHaveLength(6);
          for (const row of rows) {
            expect(row.label.length).toBeGreaterThan(0);
            expect(row.value.length).toBeGreaterThan(0);
          }
          expect(rows.at(-1)!.label).toBe(locale.startsWith('fr') ? 'Reste à payer' : 'Still due');
          expect(receiptEmail(v).subject).toContain(v.number);
        },
      ),
    );
  });
});

describe('the hosted checkout page', () => {
  it('speaks the client language, with the variants the page has', () => {
    expect(USER_LOCALES.map((l) => [l, checkoutLocale(l)])).toEqual([
      ['fr-FR', 'fr'],
      ['en-US', 'en'],
      ['fr-CA', 'fr-CA'],
      ['en-GB', 'en-GB'],
      ['en-CA', 'en'],
      ['en-AU', 'en-GB'],
      ['en-IE', 'en-GB'],
    ]);
  });

  it("sends the client back to the invoice's portal page", () => {
    expect(checkoutReturnUrls('https://lumiere.studio.example/', 'a1b2')).toEqual({
      success: 'https://lumiere.studio.example/portal/invoices/a1b2?paid=1',
      cancel: 'https://lumiere.studio.example/portal/invoices/a1b2?cancelled=1',
    });
  });
});
