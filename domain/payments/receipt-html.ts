import { type UserLocale } from '../accounts/users';
import { formatDay, formatMoney } from '../invoicing/document-html';
import { type PaymentMethod } from '../invoicing/statuses';
import { isImageDataUri } from '../storage/image-types';
import { paymentMethodLabel, receiptWords } from './receipt-words';

/** What a payment receipt shows (issue 31 §3), already read; amounts in cents of `currency`. */
export interface ReceiptView {
  /** The client's language (their contact's, else the studio's). */
  locale: UserLocale;
  /** ISO 4217 code of every amount: the invoice's. */
  currency: string;
  /** The receipt's number (`F-2026-00012-R1`). */
  number: string;
  studio: { name: string; address: string[] };
  /** The studio's uploaded logo as a `data:` URI; absent or null without one. */
  logoDataUri?: string | null;
  /** The client as the invoice names it; null when it names none. */
  client: { name: string; email: string | null } | null;
  invoice: { number: string; title: string; totalCents: bigint };
  payment: {
    amountCents: bigint;
    method: PaymentMethod;
    /** The day the money was received, on the studio's calendar (YYYY-MM-DD). */
    receivedOn: string;
    /** The studio's reference (a transfer label, a check number), when it gave one. */
    reference: string | null;
  };
  /** What the invoice still asked right after this payment. */
  balanceAfterCents: bigint;
}

/** Text for HTML: names and references come from what the studio typed. */
export function escapeReceiptText(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The receipt's rows, label and value, in the client's language: what the pdf's table prints. */
export function receiptRows(view: ReceiptView): { label: string; value: string; strong?: boolean }[] {
  const w = receiptWords(view.locale);
  const money = (cents: bigint) => formatMoney(cents, view.locale, view.currency);
  return [
    { label: w.invoice, value: `${view.invoice.number} – ${view.invoice.title}` },
    { label: w.paymentDate, value: formatDay(view.payment.receivedOn, view.locale) },
    { label: w.method, value: paymentMethodLabel(view.payment.method, view.locale) },
    ...(view.payment.reference ? [{ label: w.reference, value: view.payment.reference }] : []),
    { label: w.amountReceived, value: money(view.payment.amountCents), strong: true },
    { label: w.invoiceTotal, value: money(view.invoice.totalCents) },
    { label: w.stillDue, value: money(view.balanceAfterCents), strong: true },
  ];
}

/** The file name the client gets: `recu-F-2026-00012-R1.pdf`, `receipt-F-2026-00012-R1.pdf`. */
export const receiptFilename = (view: Pick<ReceiptView, 'locale' | 'number'>): string =>
  `${receiptWords(view.locale).filename}-${view.number.replace(/[^\w.-]/g, '_')}.pdf`;

/** The html Chromium prints: the studio, the client, the receipt's number and its rows. */
export function receiptHtml(view: ReceiptView): string {
  const w = receiptWords(view.locale);
  const logo = isImageDataUri(view.logoDataUri)
    ? `<img class="logo" src="${escapeReceiptText(view.logoDataUri)}" alt="${escapeReceiptText(view.studio.name)}"><br>`
    : '';
  const studio = `<div class="studio">${logo}<strong>${escapeReceiptText(view.studio.name)}</strong>${view.studio.address
    .map((line) => `<br>${escapeReceiptText(line)}`)
    .join('')}</div>`;
  const client = view.client
    ? `<div class="client"><em>${escapeReceiptText(w.receivedFrom)}</em><br><strong>${escapeReceiptText(view.client.name)}</strong>${view.client.email ? `<br>${escapeReceiptText(view.client.email)}` : ''}</div>`
    : '';
  const rows = receiptRows(view)
    .map(
      (r) =>
        `<tr${r.strong ? ' class="strong"' : ''}><td>${escapeReceiptText(r.label)}</td><td class="n">${escapeReceiptText(r.value)}</td></tr>`,
    )
    .join('');
  const settled = view.balanceAfterCents === 0n ? `<p>${escapeReceiptText(w.paidInFull)}</p>` : '';
  return `<!doctype html><html lang="${view.locale.slice(0, 2)}"><head><meta charset="utf-8"><style>
body{font-family:'DejaVu Sans',sans-serif;font-size:10pt;color:#1d2330;margin:0}
.logo{max-height:60px;max-width:200px;margin-bottom:6px}.head{display:flex;justify-content:space-between;margin-bottom:18px}.client{text-align:right}
h1{font-size:16pt;margin:0 0 12px}table{width:100%;border-collapse:collapse;margin-top:12px}
td{padding:6px;border-bottom:1px solid #e3e7ee;vertical-align:top}.n{text-align:right;white-space:nowrap}
tr.strong td{font-weight:bold}.note{margin-top:18px}
</style></head><body>
<div class="head">${studio}${client}</div>
<h1>${escapeReceiptText(w.title)} ${escapeReceiptText(w.number)} ${escapeReceiptText(view.number)}</h1>
<table>${rows}</table>
<div class="note">${settled}<p>${escapeReceiptText(w.thanks)}</p></div>
</body></html>`;
}
