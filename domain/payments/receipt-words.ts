import { languageOf } from '../accounts/locale-language';
import { type UserLocale } from '../accounts/users';
import { type PaymentMethod } from '../invoicing/statuses';

/**
 * The words of a payment receipt and its email (issue 31 §3), per language (read through
 * languageOf: French for fr-*, English for en-*).
 */
export const RECEIPT_WORDS = {
  'fr-FR': {
    title: 'Reçu de paiement',
    number: 'N°',
    receivedFrom: 'Reçu de',
    invoice: 'Facture',
    paymentDate: 'Date du paiement',
    amountReceived: 'Montant reçu',
    method: 'Moyen de paiement',
    reference: 'Référence',
    invoiceTotal: 'Montant de la facture',
    stillDue: 'Reste à payer',
    paidInFull: 'La facture est intégralement réglée.',
    thanks: 'Merci pour votre paiement.',
    filename: 'recu',
    subject: (receipt: string, invoice: string) => `Reçu de paiement ${receipt} – facture ${invoice}`,
    hello: 'Bonjour,',
    received: (amount: string, invoice: string) =>
      `Nous avons bien reçu votre paiement de ${amount} pour la facture ${invoice}.`,
    attached: 'Vous trouverez votre reçu en pièce jointe.',
    methods: {
      card: 'Carte bancaire',
      wallet: 'Portefeuille en ligne',
      bank_transfer: 'Virement bancaire',
      cash: 'Espèces',
      check: 'Chèque',
      other: 'Autre',
    },
  },
  'en-US': {
    title: 'Payment receipt',
    number: 'No.',
    receivedFrom: 'Received from',
    invoice: 'Invoice',
    paymentDate: 'Payment date',
    amountReceived: 'Amount received',
    method: 'Payment method',
    reference: 'Reference',
    invoiceTotal: 'Invoice total',
    stillDue: 'Still due',
    paidInFull: 'The invoice is paid in full.',
    thanks: 'Thank you for your payment.',
    filename: 'receipt',
    subject: (receipt: string, invoice: string) => `Payment receipt ${receipt} – invoice ${invoice}`,
    hello: 'Hello,',
    received: (amount: string, invoice: string) => `We have received your payment of ${amount} for invoice ${invoice}.`,
    attached: 'Your receipt is attached.',
    methods: {
      card: 'Card',
      wallet: 'Online wallet',
      bank_transfer: 'Bank transfer',
      cash: 'Cash',
      check: 'Check',
      other: 'Other',
    },
  },
} as const;

/** The words of a receipt in the language of `locale`. */
export const receiptWords = (locale: UserLocale) => RECEIPT_WORDS[languageOf(locale)];

/**
 * A payment method as the client reads it: "Virement bancaire", "Bank transfer"; a check is a
 * "Cheque" in the English of Britain, Ireland, Canada and Australia.
 */
export function paymentMethodLabel(method: PaymentMethod, locale: UserLocale): string {
  if (method === 'check' && locale.startsWith('en') && locale !== 'en-US') return 'Cheque';
  return receiptWords(locale).methods[method];
}
