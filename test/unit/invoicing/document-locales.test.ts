import { type UserLocale } from '../../../domain/accounts/users';
import { resolveSmsText } from '../../../domain/automations/sms-text';
import { depositLabel, depositLineLabel } from '../../../domain/invoicing/deposits';
import {
  documentHtml,
  documentTitle,
  documentWords,
  type DocumentView,
  formatDay,
  formatHundredths,
  formatMoney,
} from '../../../domain/invoicing/document-html';
import { itemDocumentLines, LINE_WORDS } from '../../../domain/invoicing/document-lines';
import { reminderMessage, type ReminderVariables } from '../../../domain/invoicing/reminder-message';
import { scheduleNoticeLines } from '../../../domain/invoicing/schedule-notice';
import { type StoredInstallment } from '../../../domain/invoicing/stored-schedule';
import { taxWordsOf } from '../../../domain/regimes/document-words';
import { languageOf } from '../../../domain/accounts/locale-language';

/** Intl's spaces (no-break, narrow no-break) as plain ones, so that expectations read as printed. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('dates and amounts in the locale itself (issue 30 §4)', () => {
  it('writes a day in the long style of each locale', () => {
    expect(formatDay('2026-03-07', 'en-GB')).toBe('7 March 2026');
    expect(formatDay('2026-03-07', 'en-IE')).toBe('7 March 2026');
    expect(formatDay('2026-03-07', 'en-AU')).toBe('7 March 2026');
    expect(formatDay('2026-03-07', 'en-US')).toBe('March 7, 2026');
    expect(formatDay('2026-03-07', 'fr-FR')).toBe('7 mars 2026');
    expect(formatDay('2026-03-07', 'fr-CA')).toBe('7 mars 2026');
    // Canada's English is Intl's own (today "March 7, 2026"), whatever it says.
    expect(formatDay('2026-03-07', 'en-CA')).toBe(
      new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date('2026-03-07T00:00:00Z')),
    );
  });

  it('writes an amount with the locale’s symbol and separators', () => {
    expect(formatMoney(123456n, 'en-CA', 'CAD')).toBe('$1,234.56');
    expect(plain(formatMoney(123456n, 'fr-CA', 'CAD'))).toBe('1 234,56 $');
    expect(formatMoney(123456n, 'en-US', 'CAD')).toBe('CA$1,234.56');
    expect(formatMoney(123456n, 'en-GB', 'GBP')).toBe('£1,234.56');
    expect(formatMoney(123456n, 'en-AU', 'AUD')).toBe('$1,234.56');
    expect(formatMoney(123456n, 'en-IE', 'EUR')).toBe('€1,234.56');
    expect(plain(formatMoney(123456n, 'fr-FR', 'EUR'))).toBe('1 234,56 €');
    expect(formatHundredths(1250n, 'fr-CA')).toBe('12,5');
    expect(formatHundredths(1250n, 'en-GB')).toBe('12.5');
  });
});

describe("a locale's words come from its language", () => {
  it("gives fr-CA the French document words in Canada's wording and every en-* locale the English ones", () => {
    expect(documentWords({ locale: 'fr-CA' })).toMatchObject({
      issued: 'Date',
      unit: 'Prix unitaire',
      totalWithout: 'Sous-total',
      totalWith: 'Total',
    });
    expect(documentWords({ locale: 'fr-FR' })).toMatchObject({ unit: 'P.U. HT', totalWith: 'Total TTC' });
    for (const locale of ['en-GB', 'en-CA', 'en-AU', 'en-IE'] as const)
      expect(documentWords({ locale })).toEqual(documentWords({ locale: 'en-US' }));
    expect(documentTitle({ kind: 'invoice', locale: 'fr-CA' })).toBe('Facture');
    expect(documentTitle({ kind: 'credit_note', locale: 'en-GB' })).toBe('Credit note');
    expect(LINE_WORDS[languageOf('fr-CA')].service).toBe('Prestation');
  });

  it("names the tax by the studio's country in any English, and leaves French words alone", () => {
    expect(taxWordsOf('AU', 'en-AU').totalVat).toBe('Total GST');
    expect(taxWordsOf('GB', 'en-GB').vat).toBe('VAT');
    expect(taxWordsOf('CA', 'en-CA').vatSummary).toBe('Tax summary');
    // French words stay French, but Canada's taxes are not the TVA (TPS, TVQ, TVH).
    expect(taxWordsOf('US', 'fr-CA')).toEqual({});
    expect(taxWordsOf('CA', 'fr-CA').vat).toBe('Taxes');
    const law = { title: null, mentions: [], taxWords: taxWordsOf('IE', 'en-IE') };
    expect(documentWords({ locale: 'en-IE', law }).totalVat).toBe('Total VAT');
  });

  it('labels deposits, the SMS fallback and reminders in the language, dates in the locale', () => {
    expect(depositLabel('F-2026-00012', '2026-03-07', 'en-GB')).toBe('Deposit no. F-2026-00012 of 07/03/2026');
    expect(depositLabel('F-2026-00012', '2026-03-07', 'en-US')).toBe('Deposit no. F-2026-00012 of 03/07/2026');
    expect(depositLabel('F-2026-00012', '2026-03-07', 'fr-CA')).toMatch(/^Acompte n° F-2026-00012 du /);
    expect(depositLineLabel('D-2026-00003', 30, 2000, true, 'fr-CA')).toBe(
      'Acompte de 30 % sur le devis D-2026-00003 – TVA 20 %',
    );
    expect(resolveSmsText({}, 'fr-CA').text).toMatch(/^Bonjour /);
    expect(resolveSmsText({}, 'en-AU').text).toMatch(/^Hi /);

    const variables: ReminderVariables = {
      'contact.first_name': 'Robin',
      'invoice.number': 'F-2026-00012',
      amount_due: '£1,800.00',
      due_date: '7 March 2026',
      payment_link: '',
      'studio.name': 'Leeds Lens',
    };
    const english = reminderMessage('en-US', 3, undefined, variables);
    expect(reminderMessage('en-GB', 3, undefined, variables)).toEqual(english);
    expect(reminderMessage('fr-CA', 3, undefined, variables)).toEqual(
      reminderMessage('fr-FR', 3, undefined, variables),
    );
    // The studio's own wording: the locale's when it wrote one, else its language's.
    const us = { subject: 'Invoice {{invoice.number}}', body: 'Hello {{contact.first_name}}' };
    const gb = { subject: 'Your invoice {{invoice.number}}', body: 'Dear {{contact.first_name}}' };
    expect(reminderMessage('en-GB', 3, { 'en-US': us }, variables).subject).toBe('Invoice F-2026-00012');
    expect(reminderMessage('en-GB', 3, { 'en-US': us, 'en-GB': gb }, variables).text).toBe('Dear Robin');
  });

  it('writes a schedule notice in the language with the locale’s dates and amounts', () => {
    const schedule: StoredInstallment[] = [{ percentage: 100, due: { type: 'after_start', days: 0 } }];
    const context = (sessionStart: string) => ({ totalCents: 120000n, bookingDate: '2026-03-01', sessionStart });
    const notice = (locale: UserLocale, currency: string) =>
      scheduleNoticeLines(schedule, context('2026-09-12'), context('2026-10-10'), 0n, locale, currency).map(plain);
    expect(notice('en-GB', 'GBP')).toEqual([
      'Installment 1: £1,200.00, due 10 October 2026 (instead of 12 September 2026)',
    ]);
    expect(notice('fr-CA', 'CAD')).toEqual([
      'Échéance 1 : 1 200,00 $, le 10 octobre 2026 (au lieu du 12 septembre 2026)',
    ]);
  });
});

/** A one-line invoice of a studio in `locale`, issued 7 March 2026. */
const invoice = (locale: UserLocale, currency: string): DocumentView => ({
  kind: 'invoice',
  locale,
  currency,
  number: 'F-2026-00012',
  title: 'Wedding',
  description: null,
  issuedOn: '2026-03-07',
  untilDate: null,
  status: 'ISSUED',
  company: {
    name: 'Studio',
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
  payment: null,
  client: null,
  body: itemDocumentLines(
    [
      {
        item_type: 'SESSION_TYPE',
        description: 'Coverage',
        quantity: '1',
        price_without_tax: '1234.56',
        vat_percentage: '0',
      },
    ],
    LINE_WORDS[languageOf(locale)],
  ),
  delivery: null,
});

describe('the document of a studio in a new locale', () => {
  it('prints an en-GB invoice with British dates and pounds, in English', () => {
    const html = documentHtml(invoice('en-GB', 'GBP'));
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Invoice No. F-2026-00012');
    expect(html).toContain('Date: 7 March 2026');
    expect(html).toContain('£1,234.56');
    expect(html).not.toContain('March 7, 2026');
  });

  it('prints an fr-CA invoice in French, with Canadian dollars after the amount', () => {
    const html = plain(documentHtml(invoice('fr-CA', 'CAD')));
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Facture N° F-2026-00012');
    expect(html).toContain('Date : 7 mars 2026');
    expect(html).toContain('1 234,56 $');
  });

  it('prints an en-CA invoice in English with its own dates and dollars', () => {
    const html = documentHtml(invoice('en-CA', 'CAD'));
    expect(html).toContain('Invoice No. F-2026-00012');
    expect(html).toContain(`Date: ${formatDay('2026-03-07', 'en-CA')}`);
    expect(html).toContain('$1,234.56');
    expect(html).not.toContain('CA$');
  });
});
