import { type OperationCategory } from './billing-framework';
import { languageOf } from '../accounts/locale-language';
import { type UserLocale } from '../accounts/users';

/** The studio as its documents present it (from its company profile, or just its account name). */
export interface DocumentCompany {
  name: string;
  legalForm: string | null;
  /** Share capital in cents. */
  shareCapitalCents: bigint | null;
  siren: string | null;
  siret: string | null;
  vatNumber: string | null;
  rcsCity: string | null;
  address: string[];
  email: string | null;
  phone: string | null;
}

/** How the client pays, and the mentions French law asks an invoice to carry. */
export interface DocumentPayment {
  iban: string | null;
  bic: string | null;
  termsDays: number | null;
  /** Late-payment interest, percent a year, as stored ("10.00"). */
  lateRate: string | null;
  vatExempt: boolean;
  /** A French invoice's category of operation (issue 32 §5), printed as a mention; absent or null: none printed. */
  operation?: OperationCategory | 'MIXED' | null;
  /** A French studio that opted for VAT on debits (issue 32 §5, CGI annexe III art. 77): its invoices say so. */
  vatOnDebits?: boolean;
}

const WORDS = {
  'fr-FR': {
    capital: (form: string, amount: string) => `${form} au capital de ${amount}`,
    rcs: 'RCS',
    vatNumber: 'N° TVA',
    terms: (days: number) => (days === 0 ? 'Paiement à réception' : `Paiement à ${days} jours`),
    late: (rate: string) =>
      `Pénalités de retard : ${rate} % par an ; indemnité forfaitaire pour frais de recouvrement : 40 €`,
    vatExempt: 'TVA non applicable, art. 293 B du CGI',
    operation: {
      SERVICES: 'Catégorie de l’opération : prestation de services',
      GOODS: 'Catégorie de l’opération : livraison de biens',
      MIXED: 'Catégorie de l’opération : livraison de biens et prestation de services',
    },
    vatOnDebits: "Option pour le paiement de la taxe d'après les débits",
    phone: 'Tél.',
  },
  'en-US': {
    capital: (form: string, amount: string) => `${form} with a share capital of ${amount}`,
    rcs: 'RCS',
    vatNumber: 'VAT no.',
    terms: (days: number) => (days === 0 ? 'Payment on receipt' : `Payment within ${days} days`),
    late: (rate: string) => `Late payment interest: ${rate}% a year; fixed recovery fee: €40`,
    vatExempt: 'VAT not applicable, art. 293 B of the French tax code (CGI)',
    operation: {
      SERVICES: 'Category of operation: supply of services',
      GOODS: 'Category of operation: supply of goods',
      MIXED: 'Category of operation: supply of goods and services',
    },
    vatOnDebits: 'Option to pay VAT on debits',
    phone: 'Tel.',
  },
} as const;

const euros = (cents: bigint, locale: UserLocale) =>
  new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(Number(cents) / 100);
const percent = (value: string, locale: UserLocale) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value));

/**
 * The lines under the studio's name at the head of a quote or invoice: legal form and capital,
 * address, SIREN, SIRET, RCS, VAT number, contact. Only what the profile has.
 */
export function companyLines(company: DocumentCompany, locale: UserLocale): string[] {
  const w = WORDS[languageOf(locale)];
  const identity = company.legalForm
    ? company.shareCapitalCents !== null
      ? w.capital(company.legalForm, euros(company.shareCapitalCents, locale))
      : company.legalForm
    : null;
  return [
    identity,
    ...company.address,
    company.siren ? `SIREN ${company.siren}` : null,
    company.siret ? `SIRET ${company.siret}` : null,
    company.rcsCity && company.siren ? `${w.rcs} ${company.rcsCity} ${company.siren}` : null,
    company.vatNumber ? `${w.vatNumber} ${company.vatNumber}` : null,
    company.email,
    company.phone ? `${w.phone} ${company.phone}` : null,
  ].filter((line): line is string => Boolean(line));
}

/** The payment lines at the foot of a quote or invoice: bank details, terms, late-payment mentions, VAT exemption, the reform's mentions. */
export function paymentLines(payment: DocumentPayment | null, kind: 'quote' | 'invoice', locale: UserLocale): string[] {
  if (!payment) return [];
  const w = WORDS[languageOf(locale)];
  return [
    payment.vatExempt ? w.vatExempt : null,
    kind === 'invoice' && payment.operation ? w.operation[payment.operation] : null,
    kind === 'invoice' && payment.vatOnDebits ? w.vatOnDebits : null,
    payment.iban
      ? `IBAN ${payment.iban.replace(/(.{4})/g, '$1 ').trim()}${payment.bic ? ` · BIC ${payment.bic}` : ''}`
      : null,
    payment.termsDays !== null ? w.terms(payment.termsDays) : null,
    kind === 'invoice' && payment.lateRate !== null ? w.late(percent(payment.lateRate, locale)) : null,
  ].filter((line): line is string => Boolean(line));
}
