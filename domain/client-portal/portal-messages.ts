import { languageOf } from '../accounts/locale-language';
import { type UserLocale } from '../accounts/users';

/**
 * Every sentence the client's side answers with when it refuses something (issue 40 §11), in the
 * client's language: the quote that cannot be signed or declined, the signature form, the Pay
 * button. The API's error `message` and the portal's pages read the same sentence. Dates arrive
 * already written in the client's locale.
 */
const MESSAGES = {
  'fr-FR': {
    quote_signed: () => 'Ce devis est déjà signé.',
    quote_declined: () => 'Ce devis a été refusé : demandez-en un nouveau au studio.',
    quote_accepted: () => 'Le studio a déjà enregistré ce devis comme accepté.',
    quote_not_sent: () => 'Ce devis ne vous a pas été envoyé.',
    quote_expired: (p: MessageParams) =>
      `Ce devis était valable jusqu’au ${p.date}\u00a0: demandez-en un nouveau au studio.`,
    quote_changed: () =>
      'Le studio a modifié ce devis depuis que vous l’avez ouvert\u00a0: relisez-le avant de signer.',
    signer_name: () => 'Saisissez votre nom complet pour signer.',
    consent: () => 'Cochez la case d’accord pour signer.',
    nothing_due: () => 'Rien n’est à régler sur cette facture.',
    invoice_paid: () => 'Cette facture est déjà réglée.',
    installment_paid: (p: MessageParams) => `L’échéance n° ${p.installment} est déjà réglée.`,
    installment_empty: (p: MessageParams) => `L’échéance n° ${p.installment} n’a rien à régler.`,
    no_schedule: () => 'Cette facture ne se règle pas en plusieurs fois.',
    no_such_installment: (p: MessageParams) =>
      `Cette facture compte ${p.count} échéance${Number(p.count) > 1 ? 's' : ''}\u00a0: choisissez de 1 à ${p.count}.`,
    invoice_cancelled: () => 'Cette facture a été annulée par un avoir : plus rien n’est à régler.',
    unavailable: () => 'Le service de paiement ne répond pas. Réessayez dans quelques minutes.',
  },
  'en-US': {
    quote_signed: () => 'This quote is already signed',
    quote_declined: () => 'This quote was declined: ask the studio for a new one',
    quote_accepted: () => 'The studio already recorded this quote as accepted',
    quote_not_sent: () => 'This quote has not been sent to you',
    quote_expired: (p: MessageParams) => `This quote was valid until ${p.date}: ask the studio for a new one`,
    quote_changed: () => 'The studio changed this quote since you opened it: read it again before signing',
    signer_name: () => 'Type your full name to sign',
    consent: () => 'Tick the consent to sign',
    nothing_due: () => 'Nothing is due on this invoice',
    invoice_paid: () => 'This invoice is already paid',
    installment_paid: (p: MessageParams) => `Installment ${p.installment} is already paid`,
    installment_empty: (p: MessageParams) => `Installment ${p.installment} has nothing to pay`,
    no_schedule: () => 'This invoice is not paid in installments',
    no_such_installment: (p: MessageParams) =>
      `This invoice has ${p.count} installment${Number(p.count) > 1 ? 's' : ''}: choose 1 to ${p.count}`,
    invoice_cancelled: () => 'This invoice was cancelled by a credit note: nothing is left to pay',
    unavailable: () => 'The payment service is not answering. Try again in a few minutes.',
  },
} as const;

/** What a sentence names: a date already in the client's locale, an installment's number, a count. */
export interface MessageParams {
  date?: string;
  installment?: number;
  count?: number;
}

export type PortalMessage = keyof (typeof MESSAGES)['en-US'];

/** One of the client's side's sentences in the client's language (fr-* in French, else English). */
export function portalMessage(message: PortalMessage, locale: UserLocale, params: MessageParams = {}): string {
  return MESSAGES[languageOf(locale)][message](params);
}
