import { type UserLocale } from '../accounts/users';
import { isImageDataUri } from '../storage/image-types';
import { companyLines, type DocumentCompany, type DocumentPayment, paymentLines } from './company-lines';

/** What a quote, invoice or credit note file shows, already computed (amounts in cents). */
export interface DocumentView {
  kind: 'quote' | 'invoice' | 'credit_note';
  locale: UserLocale;
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
  lines: { type: string; description: string; quantity: string; unitWithoutTaxCents: bigint; vatPercent: string; totalCents: bigint }[];
  vat: { percent: string; baseCents: bigint; vatCents: bigint }[];
  totalWithoutTaxCents: bigint;
  totalVatCents: bigint;
  totalWithTaxCents: bigint;
  /** A credit note: the invoice it corrects (number, issue day YYYY-MM-DD) and why. */
  corrects?: { number: string; issuedOn: string; reason: string } | null;
  /** A deposit invoice (facture d'acompte, issue 21 §1): the number of the quote it is a deposit on. */
  deposit?: { quoteNumber: string } | null;
}

/** The labels of a quote or invoice, per language (the pdf's html and the docx). */
export const DOCUMENT_WORDS = {
  'fr-FR': { quote: 'Devis', invoice: 'Facture', number: 'N°', issued: 'Date', until: { quote: "Valable jusqu'au", invoice: 'Échéance', credit_note: '' }, creditNote: 'Avoir', depositInvoice: "Facture d'acompte", depositOn: 'Acompte sur le devis', creditFor: 'Avoir sur la facture', of: 'du', reason: 'Motif', client: 'Client', description: 'Désignation', quantity: 'Qté', unit: 'P.U. HT', vat: 'TVA', total: 'Total TTC', base: 'Base HT', amount: 'Montant', totalWithout: 'Total HT', totalVat: 'Total TVA', totalWith: 'Total TTC', vatSummary: 'Récapitulatif TVA', siren: 'SIREN', siret: 'SIRET', vatNumber: 'N° TVA' },
  'en-US': { quote: 'Quote', invoice: 'Invoice', number: 'No.', issued: 'Date', until: { quote: 'Valid until', invoice: 'Due date', credit_note: '' }, creditNote: 'Credit note', depositInvoice: 'Deposit invoice', depositOn: 'Deposit on quote', creditFor: 'Credit note for invoice', of: 'of', reason: 'Reason', client: 'Bill to', description: 'Description', quantity: 'Qty', unit: 'Unit price excl. tax', vat: 'VAT', total: 'Total incl. tax', base: 'Base excl. tax', amount: 'Amount', totalWithout: 'Total excl. tax', totalVat: 'Total VAT', totalWith: 'Total incl. tax', vatSummary: 'VAT summary', siren: 'SIREN', siret: 'SIRET', vatNumber: 'VAT no.' },
} as const;

/** The document's title word: Devis / Facture / Facture d'acompte / Avoir, Quote / Invoice / Deposit invoice / Credit note. */
export function documentTitle(view: Pick<DocumentView, 'kind' | 'locale' | 'deposit'>): string {
  const w = DOCUMENT_WORDS[view.locale];
  if (view.kind === 'invoice' && view.deposit) return w.depositInvoice;
  return view.kind === 'quote' ? w.quote : view.kind === 'invoice' ? w.invoice : w.creditNote;
}

/**
 * The lines under the title naming what the document relates to: a credit note's invoice and
 * reason ("Avoir sur la facture F-2026-00001 du 3 mars 2026", "Motif : …"), a deposit invoice's
 * quote ("Acompte sur le devis D-2026-00003").
 */
export function correctionLines(view: DocumentView): string[] {
  const w = DOCUMENT_WORDS[view.locale];
  if (view.deposit) return [`${w.depositOn} ${view.deposit.quoteNumber}`];
  if (!view.corrects) return [];
  return [`${w.creditFor} ${view.corrects.number} ${w.of} ${formatDay(view.corrects.issuedOn, view.locale)}`, `${w.reason} : ${view.corrects.reason}`];
}

/** Text for HTML: every value comes from what the studio typed. */
function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Euros for the document's language: `1 234,50 €` in French, `€1,234.50` in English. */
export function formatMoney(cents: bigint, locale: UserLocale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(Number(cents) / 100);
}

export function formatDay(day: string, locale: UserLocale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** The html Chromium prints: company, client, number, dates, lines, VAT summary and totals. */
export function documentHtml(view: DocumentView): string {
  const w = DOCUMENT_WORDS[view.locale];
  const money = (cents: bigint) => esc(formatMoney(cents, view.locale));
  // Quantities and rates in the document's language too: `5,5 %` and `3` in French.
  const num = (value: string) => esc(new Intl.NumberFormat(view.locale, { maximumFractionDigits: 2 }).format(Number(value)));
  const lines = view.lines
    .map((l) =>
      l.type === 'BLANK'
        ? '<tr class="blank"><td colspan="5">&nbsp;</td></tr>'
        : l.type === 'TEXT'
          ? `<tr class="text"><td colspan="5">${esc(l.description)}</td></tr>`
          : `<tr><td>${esc(l.description)}</td><td class="n">${l.type === 'DISCOUNT' ? '' : num(l.quantity)}</td><td class="n">${l.type === 'DISCOUNT' ? '' : money(l.unitWithoutTaxCents)}</td><td class="n">${l.type === 'DISCOUNT' ? '' : `${num(l.vatPercent)} %`}</td><td class="n">${money(l.totalCents)}</td></tr>`,
    )
    .join('');
  const vatRows = view.vat.map((v) => `<tr><td>${num(v.percent)} %</td><td class="n">${money(v.baseCents)}</td><td class="n">${money(v.vatCents)}</td></tr>`).join('');
  const logo = isImageDataUri(view.logoDataUri) ? `<img class="logo" src="${esc(view.logoDataUri)}" alt="${esc(view.company.name)}"><br>` : '';
  const company = `<div class="company">${logo}<strong>${esc(view.company.name)}</strong>${companyLines(view.company, view.locale)
    .map((line) => `<br>${esc(line)}`)
    .join('')}</div>`;
  const payment = view.kind === 'credit_note' ? [] : paymentLines(view.payment, view.kind, view.locale);
  const client = view.client ? `<div class="client"><em>${w.client}</em><br><strong>${esc(view.client.name)}</strong><br>${view.client.address.map(esc).join('<br>')}${view.client.email ? `<br>${esc(view.client.email)}` : ''}</div>` : '';
  return `<!doctype html><html lang="${view.locale.slice(0, 2)}"><head><meta charset="utf-8"><style>
body{font-family:'DejaVu Sans',sans-serif;font-size:10pt;color:#1d2330;margin:0}
.logo{max-height:60px;max-width:200px;margin-bottom:6px}.head{display:flex;justify-content:space-between;margin-bottom:18px}.client{text-align:right}
h1{font-size:16pt;margin:0 0 4px}table{width:100%;border-collapse:collapse;margin-top:12px}
th{background:#eef1f6;text-align:left;padding:5px}td{padding:5px;border-bottom:1px solid #e3e7ee;vertical-align:top}
.n{text-align:right;white-space:nowrap}tr.text td{font-style:italic;color:#444}.totals{width:45%;margin-left:55%}
.payment{margin-top:18px;font-size:9pt;color:#333}.payment p{margin:2px 0}.totals td{border:none}.grand td{font-weight:bold;border-top:2px solid #1d2330}
</style></head><body>
<div class="head">${company}${client}</div>
<h1>${esc(documentTitle(view))} ${w.number} ${esc(view.number)}</h1>
${correctionLines(view).map((line) => `<div>${esc(line)}</div>`).join('')}<div>${esc(view.title)}</div>${view.description ? `<p>${esc(view.description)}</p>` : ''}
<div>${w.issued} : ${esc(formatDay(view.issuedOn, view.locale))}${view.untilDate ? ` · ${w.until[view.kind]} : ${esc(formatDay(view.untilDate, view.locale))}` : ''}</div>
<table><thead><tr><th>${w.description}</th><th class="n">${w.quantity}</th><th class="n">${w.unit}</th><th class="n">${w.vat}</th><th class="n">${w.total}</th></tr></thead><tbody>${lines}</tbody></table>
<table><caption style="text-align:left;font-weight:bold">${w.vatSummary}</caption><thead><tr><th>${w.vat}</th><th class="n">${w.base}</th><th class="n">${w.amount}</th></tr></thead><tbody>${vatRows}</tbody></table>
<table class="totals"><tr><td>${w.totalWithout}</td><td class="n">${money(view.totalWithoutTaxCents)}</td></tr><tr><td>${w.totalVat}</td><td class="n">${money(view.totalVatCents)}</td></tr><tr class="grand"><td>${w.totalWith}</td><td class="n">${money(view.totalWithTaxCents)}</td></tr></table>
${payment.length > 0 ? `<div class="payment">${payment.map((line) => `<p>${esc(line)}</p>`).join('')}</div>` : ''}
</body></html>`;
}
