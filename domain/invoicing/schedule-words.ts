import { languageOf } from '../accounts/locale-language';
import { type UserLocale } from '../accounts/users';
import { type DueRule } from './payment-schedule';
import { type StoredInstallment } from './stored-schedule';

/** The words of a payment schedule as the client reads it, on the quote's page and in its pdf. */
const WORDS = {
  'fr-FR': {
    title: 'Échéancier de paiement',
    installment: 'Échéance',
    amount: 'Montant',
    date: 'Date',
    onBooking: { quote: 'À la signature du devis', invoice: 'À l’émission de la facture' },
    fixed: 'À date fixe',
    beforeStart: (days: number) => (days === 0 ? 'Le jour de la séance' : `${days} jours avant la séance`),
    afterStart: (days: number) => (days === 0 ? 'Le jour de la séance' : `${days} jours après la séance`),
    share: (percentage: number, locale: UserLocale) =>
      `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(percentage)} %`,
  },
  'en-US': {
    title: 'Payment schedule',
    installment: 'Installment',
    amount: 'Amount',
    date: 'Date',
    onBooking: { quote: 'On signing the quote', invoice: 'On issue of the invoice' },
    fixed: 'On a fixed date',
    beforeStart: (days: number) =>
      days === 0 ? 'On the day of the session' : `${days} day${days > 1 ? 's' : ''} before the session`,
    afterStart: (days: number) =>
      days === 0 ? 'On the day of the session' : `${days} day${days > 1 ? 's' : ''} after the session`,
    share: (percentage: number, locale: UserLocale) =>
      `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(percentage)}%`,
  },
} as const;

/** The schedule's headings in the client's language. */
export const scheduleHeadings = (locale: UserLocale) => {
  const w = WORDS[languageOf(locale)];
  return { title: w.title, installment: w.installment, amount: w.amount, date: w.date };
};

/** When an installment falls due, as the studio set it: "À la signature du devis", "7 days before the session". */
export function dueRuleWords(due: DueRule, kind: 'quote' | 'invoice', locale: UserLocale): string {
  const w = WORDS[languageOf(locale)];
  switch (due.type) {
    case 'on_booking':
      return w.onBooking[kind];
    case 'before_start':
      return w.beforeStart(due.days ?? 0);
    case 'after_start':
      return w.afterStart(due.days ?? 0);
    default:
      return w.fixed;
  }
}

/** An installment's name on the client's side: its number and, when set as one, its share ("1 · 30 %"). */
export function installmentName(stored: Pick<StoredInstallment, 'percentage'>, index: number, locale: UserLocale) {
  const w = WORDS[languageOf(locale)];
  return stored.percentage !== undefined ? `${index + 1} · ${w.share(stored.percentage, locale)}` : `${index + 1}`;
}
