import { isFrench, languageOf } from '../accounts/locale-language';
import { type UserLocale } from '../accounts/users';
import { formatDay } from './format-day';
import { type DocumentLaw } from '../regimes/document-law';
import { localTaxName } from '../regimes/document-words';
import { isImageDataUri } from '../storage/image-types';
import { esc } from '../html-escape';
import { companyLines, type DocumentCompany, type DocumentPayment, paymentLines } from './company-lines';
import { type DocumentLines, isPriced, type PricedLine, type UnitPrice } from './document-lines';
import { type ServiceDelivery } from './e-invoice';
import { type TaxRate } from './tax-rates';
import { termsAgreeWithDueDate } from './payment-terms';
import { scheduleHeadings } from './schedule-words';

/** What a quote, invoice or credit note file shows, already computed (amounts in cents). */
export interface DocumentView {
  kind: 'quote' | 'invoice' | 'credit_note';
  locale: UserLocale;
  /** ISO 4217 code of every amount (the document's; a credit note's is its invoice's). */
  currency: string;
  number: string;
  title: string;
  description: string | null;
  issuedOn: string;
  /** Quotes: valid until; invoices: due date (YYYY-MM-DD). */
  untilDate: string | null;
  status: string;
  /** The studio: its company profile, or its account name before it has one. */
  company: DocumentCompany;
  /** The studio's uploaded logo as a `data:` URI, above its name; null or absent without one. */
  logoDataUri?: string | null;
  /** Bank details, terms and legal mentions from the company profile; null without one. */
  payment: DocumentPayment | null;
  client: { name: string; email: string | null; address: string[] } | null;
  /** An invoice's delivery address when it is not the client's (issue 32 §5): its lines; null or absent otherwise. */
  deliverTo?: string[] | null;
  /** The lines, discounts, VAT summary and totals, as the e-invoice states them (document-lines.ts). */
  body: DocumentLines;
  /** When the service was delivered (the session's day, or the days it spans); null when not known yet (a draft without a session). */
  delivery: ServiceDelivery | null;
  /** A credit note: the invoice it corrects (number, issue day YYYY-MM-DD) and why. */
  corrects?: { number: string; issuedOn: string; reason: string } | null;
  /** A deposit invoice (facture d'acompte, issue 21 §1): the number of the quote it is a deposit on. */
  deposit?: { quoteNumber: string } | null;
  /**
   * A studio outside France (issue 30 §3, §4): the title its law asks for (null for a quote), the
   * mentions printed in a block of their own, and the tax's name where an English document says
   * VAT. Absent for a French studio, whose documents print what they always have.
   */
  law?: DocumentLaw | null;
  /**
   * A quote's payment schedule (issue 40 §13), computed as the client's page reads it: each
   * installment's name, when it falls due, its day and amount. Printed in place of the payment
   * terms, which it replaces. Absent or null: none.
   */
  schedule?: { name: string; when: string; dueDate: string; amountCents: bigint }[] | null;
  /** A quote's contract (issue 31 §2), its variables filled, in paragraphs: printed on a page of its own after the quote. */
  contract?: string[] | null;
}

/** The labels of a quote or invoice, per language (the pdf's html and the docx), read through languageOf. */
export const DOCUMENT_WORDS = {
  'fr-FR': {
    quote: 'Devis',
    invoice: 'Facture',
    number: 'N°',
    issued: 'Date',
    until: { quote: "Valable jusqu'au", invoice: 'Échéance', credit_note: '' },
    serviceDate: 'Date de la prestation',
    servicePeriod: 'Période de la prestation',
    periodFrom: 'du',
    periodTo: 'au',
    discount: 'Remise',
    subtotal: 'Sous-total HT',
    lineTotal: 'Total HT',
    creditNote: 'Avoir',
    depositInvoice: "Facture d'acompte",
    depositOn: 'Acompte sur le devis',
    creditFor: 'Avoir sur la facture',
    of: 'du',
    reason: 'Motif',
    client: 'Client',
    deliverTo: 'Adresse de livraison',
    description: 'Désignation',
    quantity: 'Qté',
    unit: 'P.U. HT',
    vat: 'TVA',
    total: 'Total TTC',
    base: 'Base HT',
    amount: 'Montant',
    totalWithout: 'Total HT',
    totalVat: 'Total TVA',
    totalWith: 'Total TTC',
    vatSummary: 'Récapitulatif TVA',
    siren: 'SIREN',
    siret: 'SIRET',
    vatNumber: 'N° TVA',
  },
  'en-US': {
    quote: 'Quote',
    invoice: 'Invoice',
    number: 'No.',
    issued: 'Date',
    until: { quote: 'Valid until', invoice: 'Due date', credit_note: '' },
    serviceDate: 'Service date',
    servicePeriod: 'Service period',
    periodFrom: 'from',
    periodTo: 'to',
    discount: 'Discount',
    subtotal: 'Subtotal excl. tax',
    lineTotal: 'Total excl. tax',
    creditNote: 'Credit note',
    depositInvoice: 'Deposit invoice',
    depositOn: 'Deposit on quote',
    creditFor: 'Credit note for invoice',
    of: 'of',
    reason: 'Reason',
    client: 'Bill to',
    deliverTo: 'Delivery address',
    description: 'Description',
    quantity: 'Qty',
    unit: 'Unit price excl. tax',
    vat: 'VAT',
    total: 'Total incl. tax',
    base: 'Base excl. tax',
    amount: 'Amount',
    totalWithout: 'Total excl. tax',
    totalVat: 'Total VAT',
    totalWith: 'Total incl. tax',
    vatSummary: 'VAT summary',
    siren: 'SIREN',
    siret: 'SIRET',
    vatNumber: 'VAT no.',
  },
} as const;

type Words = { [K in Exclude<keyof (typeof DOCUMENT_WORDS)['en-US'], 'until'>]: string } & {
  until: { quote: string; invoice: string; credit_note: string };
};

/**
 * A locale's own words where its language's are another country's: France's "P.U. HT", "Total HT"
 * and "Total TTC" are not Canadian French, which says "Prix unitaire", "Sous-total" and "Total"
 * (as Revenu Québec's invoices do; the taxes are named apart, TPS and TVQ).
 */
const LOCALE_WORDS: Partial<Record<UserLocale, Partial<Words>>> = {
  'fr-CA': {
    unit: 'Prix unitaire',
    subtotal: 'Sous-total',
    lineTotal: 'Montant',
    totalWithout: 'Sous-total',
    total: 'Total',
    totalWith: 'Total',
    base: 'Montant taxable',
  },
};

/** A document of a seller not registered for the tax (issue 40 §3): no "excl. tax", no tax column. */
const TAX_FREE_WORDS: Record<'fr-FR' | 'en-US', Partial<Words>> = {
  'fr-FR': { unit: 'Prix unitaire', lineTotal: 'Montant', subtotal: 'Sous-total', totalWith: 'Total' },
  'en-US': { unit: 'Unit price', lineTotal: 'Amount', subtotal: 'Subtotal', totalWith: 'Total' },
};

/** The words of a document: its language's, its locale's own, with its country's name of the tax outside France. */
export function documentWords(view: Pick<DocumentView, 'locale' | 'law'>): Words {
  const language = languageOf(view.locale);
  const w: Words = { ...DOCUMENT_WORDS[language], ...LOCALE_WORDS[view.locale] };
  if (!view.law) return w;
  return { ...w, ...view.law.taxWords, ...(view.law.taxFree ? TAX_FREE_WORDS[language] : {}) };
}

/** Whether the document shows tax (a rate column, a summary, a tax total): not for a seller not registered for it. */
export const showsTax = (view: Pick<DocumentView, 'law'>): boolean => !view.law?.taxFree;

/** "Label : value" in French (a space before the colon), "Label: value" in English. */
export const labelled = (label: string, value: string, locale: UserLocale): string =>
  `${label}${isFrench(locale) ? ' : ' : ': '}${value}`;

/** The date lines under the title: the issue date, then the quote's validity or the invoice's due date, each in the locale's typography. */
export function dateLines(view: Pick<DocumentView, 'kind' | 'locale' | 'law' | 'issuedOn' | 'untilDate'>): string[] {
  const w = documentWords(view);
  return [
    labelled(w.issued, formatDay(view.issuedOn, view.locale), view.locale),
    ...(view.untilDate ? [labelled(w.until[view.kind], formatDay(view.untilDate, view.locale), view.locale)] : []),
  ];
}

/**
 * The document's title word: Devis / Facture / Facture d'acompte / Avoir, Quote / Invoice / Deposit
 * invoice / Credit note; outside France, the one the studio's law asks for ("Tax invoice").
 */
export function documentTitle(view: Pick<DocumentView, 'kind' | 'locale' | 'deposit' | 'law'>): string {
  const w = DOCUMENT_WORDS[languageOf(view.locale)];
  // A deposit invoice keeps its word unless its law asks for a title of its own ("Tax invoice").
  if (view.kind === 'invoice' && view.deposit && (!view.law?.title || view.law.title === w.invoice))
    return w.depositInvoice;
  if (view.law?.title) return view.law.title;
  return view.kind === 'quote' ? w.quote : view.kind === 'invoice' ? w.invoice : w.creditNote;
}

/**
 * The lines under the title naming what the document relates to: a credit note's invoice and
 * reason ("Avoir sur la facture F-2026-00001 du 3 mars 2026", "Motif : …"), a deposit invoice's
 * quote ("Acompte sur le devis D-2026-00003").
 */
export function correctionLines(view: DocumentView): string[] {
  const w = DOCUMENT_WORDS[languageOf(view.locale)];
  if (view.deposit) return [`${w.depositOn} ${view.deposit.quoteNumber}`];
  if (!view.corrects) return [];
  return [
    `${w.creditFor} ${view.corrects.number} ${w.of} ${formatDay(view.corrects.issuedOn, view.locale)}`,
    labelled(w.reason, view.corrects.reason, view.locale),
  ];
}

/** Text for HTML: every value comes from what the studio typed. */

/** An amount in the document's language and currency: `1 234,50 €` in French, `€1,234.50`, `$1,234.50` in English. */
export function formatMoney(cents: bigint, locale: UserLocale, currency: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(cents) / 100);
}

/** A unit price with the decimals it has, at least two: `29,167 €`, `€99.99`. */
export function formatPrice(price: UnitPrice, locale: UserLocale, currency: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: Math.max(2, price.decimals),
  }).format(Number(price.units) / 10 ** price.decimals);
}

/** A quantity (hundredths) or a rate (basis points) in the document's language: `1,25`, `5,5`. */
export const formatHundredths = (value: bigint, locale: UserLocale): string =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(Number(value) / 100);

/** The service date line: `Date de la prestation : 14 mars 2026`, or its period. */
export function deliveryLine(view: Pick<DocumentView, 'delivery' | 'locale'>): string | null {
  const w = DOCUMENT_WORDS[languageOf(view.locale)];
  if (!view.delivery) return null;
  if ('day' in view.delivery) return labelled(w.serviceDate, formatDay(view.delivery.day, view.locale), view.locale);
  return labelled(
    w.servicePeriod,
    `${w.periodFrom} ${formatDay(view.delivery.start, view.locale)} ${w.periodTo} ${formatDay(view.delivery.end, view.locale)}`,
    view.locale,
  );
}

/** A tax of a line or of the summary (issue 30 §2): its name and rate, "QST 9.975 %". */
export const taxLabel = (tax: TaxRate, locale: UserLocale): string =>
  `${localTaxName(tax.name, locale)} ${new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(tax.milliPercent / 1000)} %`;

/** The summary's rows: per VAT rate, or per tax and rate on a document with tax lines. */
export function summaryRows(
  body: DocumentLines,
  locale: UserLocale,
): { label: string; base: bigint; amount: bigint }[] {
  if (body.taxes)
    return body.taxes.map((t) => ({ label: taxLabel(t, locale), base: t.baseCents, amount: t.amountCents }));
  return body.vat.map((v) => ({
    label: `${formatHundredths(BigInt(v.vatBasisPoints), locale)} %`,
    base: v.baseCents,
    amount: v.vatCents,
  }));
}

/** The columns of a priced line as printed, in the document's language: quantity, unit price, discount (empty without), VAT rate, net. */
export function lineCells(
  line: PricedLine,
  locale: UserLocale,
  currency: string,
): { quantity: string; unitPrice: string; discount: string; vat: string; net: string } {
  return {
    quantity: formatHundredths(line.quantityHundredths, locale),
    unitPrice: formatPrice(line.unitPrice, locale, currency),
    discount: line.discountBasisPoints > 0n ? `${formatHundredths(line.discountBasisPoints, locale)} %` : '',
    vat: line.taxes
      ? line.taxes.map((t) => taxLabel(t, locale)).join(' + ')
      : `${formatHundredths(BigInt(line.vatBasisPoints), locale)} %`,
    net: formatMoney(line.netCents, locale, currency),
  };
}

/**
 * The totals block, label and amount: without discounts, the total before tax, the VAT and the
 * total with tax; with them, first the lines' sum and each discount with what it took off before
 * tax (its rate when a percentage), so that the lines' sum less the discounts is the total before tax.
 */
export function totalRows(
  view: Pick<DocumentView, 'body' | 'locale' | 'law'>,
): { label: string; cents: bigint; grand?: boolean }[] {
  const w = documentWords(view);
  const { body } = view;
  const discounts = body.discounts.filter((d) => d.netCents !== 0n);
  return [
    ...(discounts.length > 0
      ? [
          { label: w.subtotal, cents: body.lineTotalCents },
          ...discounts.map((d) => ({
            label: `${d.description}${d.percentBasisPoints !== null ? ` (${formatHundredths(d.percentBasisPoints, view.locale)} %)` : ''}`,
            cents: -d.netCents,
          })),
        ]
      : []),
    ...(showsTax(view)
      ? [
          { label: w.totalWithout, cents: body.totalWithoutTaxCents },
          { label: w.totalVat, cents: body.totalVatCents },
        ]
      : []),
    { label: w.totalWith, cents: body.totalWithTaxCents, grand: true },
  ];
}

export { formatDay };

/**
 * The payment lines at a quote's or invoice's foot (none on a credit note), the pdf's and the
 * docx's: a schedule says when each part is paid, so the profile's payment terms ("Paiement à 30
 * jours") are left out beside one (issue 40 §13); so they are beside an invoice's due date they
 * do not lead to (payment-terms.ts).
 */
export function documentPaymentLines(view: DocumentView): string[] {
  if (view.kind === 'credit_note') return [];
  const days = view.payment?.termsDays ?? null;
  const contradicted =
    days !== null && view.kind === 'invoice' && !termsAgreeWithDueDate(view.issuedOn, view.untilDate, days);
  const terms =
    (view.schedule?.length || contradicted) && view.payment ? { ...view.payment, termsDays: null } : view.payment;
  return paymentLines(terms, view.kind, view.locale);
}

/** A quote's schedule as printed (pdf and docx): each installment's name, when, day and amount, written in the view's locale. */
export function scheduleRows(view: DocumentView): { name: string; when: string; day: string; amount: string }[] {
  return (view.schedule ?? []).map((i) => ({
    name: i.name,
    when: i.when,
    day: formatDay(i.dueDate, view.locale),
    amount: formatMoney(i.amountCents, view.locale, view.currency),
  }));
}

/**
 * The lines table's columns, the pdf's and the docx's: the discount column only when a line has one,
 * the tax column only when the document shows tax (showsTax); `headers` in order.
 */
export function lineColumns(view: Pick<DocumentView, 'body' | 'locale' | 'law'>) {
  const w = documentWords(view);
  const withDiscounts = view.body.lines.some((l) => isPriced(l) && l.discountBasisPoints > 0n);
  const taxed = showsTax(view);
  const headers = [
    w.description,
    w.quantity,
    w.unit,
    ...(withDiscounts ? [w.discount] : []),
    ...(taxed ? [w.vat] : []),
    w.lineTotal,
  ];
  return { withDiscounts, taxed, columns: headers.length, headers };
}

/** The html Chromium prints: company, client, number, dates, lines, VAT summary and totals. */
export function documentHtml(view: DocumentView): string {
  const w = documentWords(view);
  const money = (cents: bigint) => esc(formatMoney(cents, view.locale, view.currency));
  const { withDiscounts, taxed, columns, headers } = lineColumns(view);
  const lines = view.body.lines
    .map((l) => {
      if (!isPriced(l))
        return l.kind === 'BLANK'
          ? `<tr class="blank"><td colspan="${columns}">&nbsp;</td></tr>`
          : `<tr class="text"><td colspan="${columns}">${esc(l.description)}</td></tr>`;
      const c = lineCells(l, view.locale, view.currency);
      return `<tr><td>${esc(l.description)}</td><td class="n">${esc(c.quantity)}</td><td class="n">${esc(c.unitPrice)}</td>${withDiscounts ? `<td class="n">${esc(c.discount)}</td>` : ''}${taxed ? `<td class="n">${esc(c.vat)}</td>` : ''}<td class="n">${esc(c.net)}</td></tr>`;
    })
    .join('');
  const vatRows = summaryRows(view.body, view.locale)
    .map(
      (r) =>
        `<tr><td>${esc(r.label)}</td><td class="n">${money(r.base)}</td><td class="n">${money(r.amount)}</td></tr>`,
    )
    .join('');
  const totals = totalRows(view)
    .map(
      (r) => `<tr${r.grand ? ' class="grand"' : ''}><td>${esc(r.label)}</td><td class="n">${money(r.cents)}</td></tr>`,
    )
    .join('');
  const delivery = deliveryLine(view);
  const logo = isImageDataUri(view.logoDataUri)
    ? `<img class="logo" src="${esc(view.logoDataUri)}" alt="${esc(view.company.name)}"><br>`
    : '';
  const company = `<div class="company">${logo}<strong>${esc(view.company.name)}</strong>${companyLines(
    view.company,
    view.locale,
  )
    .map((line) => `<br>${esc(line)}`)
    .join('')}</div>`;
  const payment = documentPaymentLines(view);
  const scheduleWords = scheduleHeadings(view.locale);
  const schedule = view.schedule?.length
    ? `<table class="schedule"><caption style="text-align:left;font-weight:bold">${esc(scheduleWords.title)}</caption><thead><tr><th>${esc(scheduleWords.installment)}</th><th></th><th class="n">${esc(scheduleWords.date)}</th><th class="n">${esc(scheduleWords.amount)}</th></tr></thead><tbody>${scheduleRows(
        view,
      )
        .map(
          (r) =>
            `<tr><td>${esc(r.name)}</td><td>${esc(r.when)}</td><td class="n">${esc(r.day)}</td><td class="n">${esc(r.amount)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  // The goods' delivery address, under the client's (issue 32 §5).
  const deliverTo = view.deliverTo?.length
    ? `<div class="deliver-to"><em>${w.deliverTo}</em><br>${view.deliverTo.map(esc).join('<br>')}</div>`
    : '';
  const client = view.client
    ? `<div class="client"><em>${w.client}</em><br><strong>${esc(view.client.name)}</strong><br>${view.client.address.map(esc).join('<br>')}${view.client.email ? `<br>${esc(view.client.email)}` : ''}${deliverTo}</div>`
    : deliverTo
      ? `<div class="client">${deliverTo}</div>`
      : '';
  return `<!doctype html><html lang="${view.locale.slice(0, 2)}"><head><meta charset="utf-8"><style>
body{font-family:'DejaVu Sans',sans-serif;font-size:10pt;color:#1d2330;margin:0}
.logo{max-height:60px;max-width:200px;margin-bottom:6px}.head{display:flex;justify-content:space-between;margin-bottom:18px}.client{text-align:right}.deliver-to{margin-top:8px}
h1{font-size:16pt;margin:0 0 4px}table{width:100%;border-collapse:collapse;margin-top:12px}
th{background:#eef1f6;text-align:left;padding:5px}td{padding:5px;border-bottom:1px solid #e3e7ee;vertical-align:top}
.n{text-align:right;white-space:nowrap}tr.text td{font-style:italic;color:#444}.totals{width:45%;margin-left:55%}
.payment{margin-top:18px;font-size:9pt;color:#333}.payment p{margin:2px 0}.totals td{border:none}.grand td{font-weight:bold;border-top:2px solid #1d2330}
</style></head><body>
<div class="head">${company}${client}</div>
<h1>${esc(documentTitle(view))} ${w.number} ${esc(view.number)}</h1>
${correctionLines(view)
  .map((line) => `<div>${esc(line)}</div>`)
  .join('')}<div>${esc(view.title)}</div>${view.description ? `<p>${esc(view.description)}</p>` : ''}
${dateLines(view)
  .map((line) => `<div>${esc(line)}</div>`)
  .join('')}${delivery ? `<div>${esc(delivery)}</div>` : ''}
<table><thead><tr>${headers.map((h, i) => `<th${i > 0 ? ' class="n"' : ''}>${h}</th>`).join('')}</tr></thead><tbody>${lines}</tbody></table>
${taxed ? `<table><caption style="text-align:left;font-weight:bold">${w.vatSummary}</caption><thead><tr><th>${w.vat}</th><th class="n">${w.base}</th><th class="n">${w.amount}</th></tr></thead><tbody>${vatRows}</tbody></table>` : ''}
<table class="totals">${totals}</table>
${schedule}
${view.law?.mentions.length ? `<div class="payment mentions">${view.law.mentions.map((line) => `<p>${esc(line)}</p>`).join('')}</div>` : ''}${payment.length > 0 ? `<div class="payment">${payment.map((line) => `<p>${esc(line)}</p>`).join('')}</div>` : ''}
${view.contract?.length ? `<section class="contract" style="page-break-before:always"><h2>${esc(isFrench(view.locale) ? 'Contrat' : 'Contract')}</h2>${view.contract.map((p) => `<p style="white-space:pre-line">${esc(p)}</p>`).join('')}</section>` : ''}
</body></html>`;
}
