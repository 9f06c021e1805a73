import { isFrench, languageOf } from '../../domain/accounts/locale-language';
import { esc } from '../../domain/html-escape';
import { formatDay, formatMoney } from '../../domain/invoicing/document-html';
import { toHundredths } from '../../domain/invoicing/money';
import { type presentClientCreditNote, type presentClientInvoice, type presentClientQuote } from './presenter';
import { page, type PortalFace } from './render-form';
import { type presentReceipt } from './receipt-presenter';
import { paymentMethodLabel } from '../../domain/payments/receipt-words';
import { type PaymentMethod } from '../../domain/invoicing/statuses';
import { dueRuleWords, installmentName, scheduleHeadings } from '../../domain/invoicing/schedule-words';

type ClientQuote = ReturnType<typeof presentClientQuote>;
type ClientInvoice = ReturnType<typeof presentClientInvoice>;
type ClientCreditNote = ReturnType<typeof presentClientCreditNote>;

/** The words of the client's document pages (issue 31 §1–§3), per language. */
const WORDS = {
  'fr-FR': {
    openTitle: 'Vos documents',
    openIntro: 'Votre photographe vous a envoyé un document. Ouvrez votre espace pour le consulter.',
    open: 'Ouvrir mon espace',
    home: 'Mes documents',
    quotes: 'Devis',
    invoices: 'Factures',
    creditNotes: 'Avoirs',
    receipts: 'Reçus',
    receipt: 'Reçu',
    receiptPending: 'Ce reçu est en cours de préparation. Réessayez dans un instant.',
    none: 'Aucun pour le moment.',
    quote: 'Devis',
    invoice: 'Facture',
    total: 'Total TTC',
    validUntil: 'Valable jusqu’au',
    due: 'Échéance',
    paid: 'Déjà réglé',
    balance: 'Reste à payer',
    downloadPdf: 'Télécharger le PDF',
    contract: 'Ce devis est accompagné d’un contrat, inclus dans le PDF : lisez-le avant de signer.',
    signTitle: 'Signer le devis',
    yourName: 'Votre nom complet',
    sign: 'Signer',
    declineTitle: 'Refuser le devis',
    reason: 'Motif (facultatif)',
    decline: 'Refuser',
    signed: 'Vous avez signé ce devis. Une copie signée vous a été envoyée par e-mail.',
    declined: 'Vous avez refusé ce devis.',
    payTitle: 'Régler',
    payCard: 'Payer par carte',
    payWallet: 'Payer avec PayPal',
    payDeposit: 'Régler l’acompte maintenant',
    installmentDue: (n: number) => `Échéance n° ${n} à régler`,
    dueOn: 'le',
    payBalance: 'Régler la totalité',
    paidThanks: 'Merci ! Votre paiement est en cours de confirmation.',
    payCancelled: 'Le paiement a été annulé. Vous pouvez réessayer.',
    settled: 'Cette facture est réglée. Merci !',
    status: { SENT: 'À signer', ACCEPTED: 'Accepté', REJECTED: 'Refusé', PENDING: 'Brouillon' },
    payment: { UNPAID: 'À régler', PARTIALLY_PAID: 'Partiellement réglée', PAID: 'Réglée' },
    back: '← Mes documents',
    dataExport: 'Télécharger toutes mes données',
    signOut: 'Se déconnecter',
    notFound: 'Ce document est introuvable.',
    expiredSession:
      'Votre session a expiré. Ouvrez à nouveau le lien reçu par e-mail, ou demandez-en un nouveau à votre photographe.',
    signedOut: 'Vous êtes déconnecté. Le lien de votre prochain e-mail vous ramènera à vos documents.',
    tooMany: 'Trop de demandes en peu de temps. Réessayez dans une heure.',
  },
  'en-US': {
    openTitle: 'Your documents',
    openIntro: 'Your photographer sent you a document. Open your space to read it.',
    open: 'Open my space',
    home: 'My documents',
    quotes: 'Quotes',
    invoices: 'Invoices',
    creditNotes: 'Credit notes',
    receipts: 'Receipts',
    receipt: 'Receipt',
    receiptPending: 'This receipt is being prepared. Try again in a moment.',
    none: 'None yet.',
    quote: 'Quote',
    invoice: 'Invoice',
    total: 'Total',
    validUntil: 'Valid until',
    due: 'Due',
    paid: 'Paid so far',
    balance: 'Still due',
    downloadPdf: 'Download the PDF',
    contract: 'This quote comes with a contract, included in the PDF: read it before signing.',
    signTitle: 'Sign the quote',
    yourName: 'Your full name',
    sign: 'Sign',
    declineTitle: 'Decline the quote',
    reason: 'Reason (optional)',
    decline: 'Decline',
    signed: 'You signed this quote. A signed copy was sent to you by email.',
    declined: 'You declined this quote.',
    payTitle: 'Pay',
    payCard: 'Pay by card',
    payWallet: 'Pay with PayPal',
    payDeposit: 'Pay the deposit now',
    installmentDue: (n: number) => `Installment ${n} to pay`,
    dueOn: 'due',
    payBalance: 'Pay the whole balance',
    paidThanks: 'Thank you! Your payment is being confirmed.',
    payCancelled: 'The payment was cancelled. You can try again.',
    settled: 'This invoice is paid. Thank you!',
    status: { SENT: 'To sign', ACCEPTED: 'Accepted', REJECTED: 'Declined', PENDING: 'Draft' },
    payment: { UNPAID: 'To pay', PARTIALLY_PAID: 'Partly paid', PAID: 'Paid' },
    back: '← My documents',
    dataExport: 'Download all my data',
    signOut: 'Sign out',
    notFound: 'This document cannot be found.',
    expiredSession:
      'Your session has expired. Open the link from your email again, or ask your photographer for a new one.',
    signedOut: 'You are signed out. The link in your next email brings you back to your documents.',
    tooMany: 'Too many requests in a short time. Please try again in an hour.',
  },
} as const;

type Words = (typeof WORDS)[keyof typeof WORDS];
const wordsOf = (face: PortalFace): Words => WORDS[languageOf(face.locale)];
const colon = (face: PortalFace) => (isFrench(face.locale) ? '\u00a0:' : ':');
const money = (face: PortalFace, amount: string, currency: string) =>
  esc(formatMoney(toHundredths(amount), face.locale, currency));
const day = (face: PortalFace, value: string | null) => (value ? esc(formatDay(value.slice(0, 10), face.locale)) : '');

/** Extra styles of the document pages: tables that wrap on a phone, buttons side by side on a desktop. */
const DOCUMENT_STYLE = `<style>
table{width:100%;border-collapse:collapse;margin-top:8px}td,th{padding:6px 4px;border-bottom:1px solid #e3e7ee;text-align:left;vertical-align:top;overflow-wrap:anywhere}
.n{text-align:right;white-space:nowrap}section{margin-top:24px}h2{font-size:1.1rem}.muted{color:#555;font-size:.9rem}
ul.docs{list-style:none;padding:0}ul.docs li{padding:8px 0;border-bottom:1px solid #e3e7ee}ul.docs a{font-weight:600}
.consent{display:flex;gap:8px;align-items:flex-start;font-weight:400}.consent input{width:auto;margin-top:4px}
a.button,button.secondary{display:block;text-align:center;margin-top:12px;padding:12px;border-radius:4px;background:#2d5d7b;color:#fff;text-decoration:none}
button.secondary{background:#6b6f76;width:100%;border:0;font-size:1rem}
</style>`;

const banner = (kind: 'ok' | 'problem', text: string) =>
  `<p class="${kind}" role="${kind === 'ok' ? 'status' : 'alert'}">${esc(text)}</p>`;

/** The page a document link opens: one button that spends the link (mail scanners fetch links first). */
export function renderOpenDocuments(face: PortalFace, token: string): string {
  const w = wordsOf(face);
  return page(
    face,
    w.openTitle,
    `<h1>${esc(w.openTitle)}</h1><p>${esc(w.openIntro)}</p><form method="post" action="/portal/open/${encodeURIComponent(token)}"><button type="submit">${esc(w.open)}</button></form>`,
  );
}

/** What the client sees once signed in: every document of theirs, newest first. */
export function renderHome(
  face: PortalFace,
  docs: {
    quotes: ClientQuote[];
    invoices: ClientInvoice[];
    creditNotes: ClientCreditNote[];
    receipts: ReturnType<typeof presentReceipt>[];
  },
): string {
  const w = wordsOf(face);
  const list = (items: string[]) =>
    items.length ? `<ul class="docs">${items.join('')}</ul>` : `<p class="muted">${esc(w.none)}</p>`;
  const quotes = docs.quotes.map(
    (q) =>
      `<li><a href="/portal/quotes/${esc(q.id)}">${esc(w.quote)} ${esc(q.number)}</a> · ${esc(q.title)}<br><span class="muted">${money(face, q.amount, q.currency)} · ${esc(w.status[q.status])}</span></li>`,
  );
  const invoices = docs.invoices.map(
    (i) =>
      `<li><a href="/portal/invoices/${esc(i.id)}">${esc(w.invoice)} ${esc(i.number)}</a> · ${esc(i.title)}<br><span class="muted">${money(face, i.amount, i.currency)} · ${esc(w.payment[i.payment_status as keyof Words['payment']] ?? i.payment_status)}</span></li>`,
  );
  const notes = docs.creditNotes.map(
    (n) =>
      `<li><a href="/portal/credit-notes/${esc(n.id)}/pdf">${esc(w.creditNotes)} ${esc(n.number)}</a><br><span class="muted">${money(face, n.amount, n.currency)} · ${day(face, n.issued_at)}</span></li>`,
  );
  const receipts = docs.receipts.map(
    (r) =>
      `<li><a href="/portal/receipts/${esc(r.id)}/pdf">${esc(w.receipt)} ${esc(r.number)}</a> · ${esc(w.invoice)} ${esc(r.invoice_number)}<br><span class="muted">${money(face, r.amount, r.currency)} · ${esc(paymentMethodLabel(r.method as PaymentMethod, face.locale))} · ${day(face, r.received_at)}</span></li>`,
  );
  return page(
    face,
    w.home,
    `${DOCUMENT_STYLE}<h1>${esc(w.home)}</h1>
<section><h2>${esc(w.quotes)}</h2>${list(quotes)}</section>
<section><h2>${esc(w.invoices)}</h2>${list(invoices)}</section>
<section><h2>${esc(w.creditNotes)}</h2>${list(notes)}</section>
<section><h2>${esc(w.receipts)}</h2>${list(receipts)}</section>
<section><a class="button" href="/portal/data-export">${esc(w.dataExport)}</a><form method="post" action="/portal/sign-out"><button type="submit" class="secondary">${esc(w.signOut)}</button></form></section>`,
  );
}

/** A document's lines and total, as a table that wraps at phone width. */
function linesTable(face: PortalFace, doc: ClientQuote | ClientInvoice): string {
  const w = wordsOf(face);
  const rows = doc.items
    .filter((i) => i.total !== null)
    .map(
      (i) =>
        `<tr><td>${esc(i.description)}</td><td class="n">${esc(Number(i.quantity))}</td><td class="n">${money(face, String(i.total), doc.currency)}</td></tr>`,
    )
    .join('');
  return `<table><tbody>${rows}<tr><th>${esc(w.total)}</th><td></td><td class="n"><strong>${money(face, doc.amount, doc.currency)}</strong></td></tr></tbody></table>`;
}

/**
 * A document's payment schedule as the client reads it (issue 40 §13): each installment's name,
 * when it falls due, its day and amount, as the API computes them (the pdf prints the same).
 */
function scheduleTable(face: PortalFace, doc: ClientQuote | ClientInvoice, kind: 'quote' | 'invoice'): string {
  const schedule = doc.payment_schedule;
  if (!schedule?.length) return '';
  const h = scheduleHeadings(face.locale);
  const rows = schedule
    .map(
      (i, index) =>
        `<tr><td>${esc(installmentName(i, index, face.locale))}</td><td>${esc(dueRuleWords(i.due, kind, face.locale))}</td><td class="n">${day(face, i.due_date)}</td><td class="n">${i.amount === null ? '' : money(face, i.amount, doc.currency)}</td></tr>`,
    )
    .join('');
  return `<section id="payment-schedule"><h2>${esc(h.title)}</h2><table><thead><tr><th>${esc(h.installment)}</th><th></th><th class="n">${esc(h.date)}</th><th class="n">${esc(h.amount)}</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

/** A quote: its lines, its pdf, and the signature and decline forms while it may be answered. */
export function renderQuotePage(
  face: PortalFace,
  quote: ClientQuote,
  notice: { signed?: boolean; declined?: boolean; problem?: string | null; depositInvoiceId?: string | null },
): string {
  const w = wordsOf(face);
  const c = colon(face);
  const banners = [
    notice.problem ? banner('problem', notice.problem) : '',
    notice.signed || quote.signed_at ? banner('ok', w.signed) : '',
    notice.declined || quote.declined_at ? banner('ok', w.declined) : '',
  ].join('');
  const deposit = notice.depositInvoiceId
    ? `<a class="button" data-action="pay-deposit" href="/portal/invoices/${esc(notice.depositInvoiceId)}">${esc(w.payDeposit)}</a>`
    : '';
  const forms = quote.can_sign
    ? `<section><h2>${esc(w.signTitle)}</h2><form method="post" action="/portal/quotes/${esc(quote.id)}/sign" id="sign-form">
<input type="hidden" name="version" value="${esc(quote.version)}">
<label class="consent"><input type="checkbox" name="consent" value="true" required> <span>${esc(quote.consent_text)}</span></label>
<label for="signer_name">${esc(w.yourName)}</label><input type="text" id="signer_name" name="signer_name" autocomplete="name" maxlength="200" required>
<button type="submit">${esc(w.sign)}</button></form></section>
<section><h2>${esc(w.declineTitle)}</h2><form method="post" action="/portal/quotes/${esc(quote.id)}/decline" id="decline-form">
<label for="reason">${esc(w.reason)}</label><textarea id="reason" name="reason" rows="3" maxlength="1000"></textarea>
<button type="submit" class="secondary">${esc(w.decline)}</button></form></section>`
    : quote.cannot_sign_reason && !quote.signed_at && !quote.declined_at
      ? banner('problem', quote.cannot_sign_reason.message)
      : '';
  return page(
    face,
    `${w.quote} ${quote.number}`,
    `${DOCUMENT_STYLE}<p><a href="/portal/home">${esc(w.back)}</a></p><h1>${esc(w.quote)} ${esc(quote.number)}</h1>${banners}${deposit}
<p>${esc(quote.title)}</p>${quote.description ? `<p class="muted">${esc(quote.description)}</p>` : ''}
${quote.valid_until ? `<p>${esc(w.validUntil)}${c} ${day(face, quote.valid_until)}</p>` : ''}
${linesTable(face, quote)}
${scheduleTable(face, quote, 'quote')}
${quote.has_contract ? `<p class="muted">${esc(w.contract)}</p>` : ''}
<a class="button" href="/portal/quotes/${esc(quote.id)}/pdf">${esc(w.downloadPdf)}</a>
${forms}`,
  );
}

/** An invoice: what is paid and due, its pdf, and the pay buttons while something is due. */
export function renderInvoicePage(
  face: PortalFace,
  invoice: ClientInvoice,
  notice: { paid?: boolean; cancelled?: boolean; problem?: string | null },
): string {
  const w = wordsOf(face);
  const c = colon(face);
  const banners = [
    notice.problem ? banner('problem', notice.problem) : '',
    notice.paid ? banner('ok', w.paidThanks) : '',
    notice.cancelled ? banner('problem', w.payCancelled) : '',
    !invoice.can_pay && invoice.payment_status === 'PAID' ? banner('ok', w.settled) : '',
  ].join('');
  const due = invoice.payment_due;
  // The installment due (its unpaid part), else the balance: what the checkout charges (issue 40 §10).
  const pay = due
    ? `<section><h2>${esc(w.payTitle)}</h2>${due.installment !== null ? `<p data-fact="installment-due">${esc(w.installmentDue(due.installment))}${c} ${money(face, due.amount, invoice.currency)}${due.due_date ? ` · ${esc(w.dueOn)} ${day(face, due.due_date)}` : ''}</p>` : ''}<form method="post" action="/portal/invoices/${esc(invoice.id)}/pay" id="pay-form">
${due.installment !== null ? `<input type="hidden" name="installment" value="${due.installment}">` : ''}<button type="submit" name="method" value="card" data-action="pay-card">${esc(w.payCard)} · ${money(face, due.amount, invoice.currency)}</button>
<button type="submit" name="method" value="wallet" class="secondary" data-action="pay-wallet">${esc(w.payWallet)} · ${money(face, due.amount, invoice.currency)}</button></form>${
        due.installment !== null && due.amount !== invoice.balance_due
          ? `<form method="post" action="/portal/invoices/${esc(invoice.id)}/pay" id="pay-balance-form"><button type="submit" name="method" value="card" class="secondary" data-action="pay-balance">${esc(w.payBalance)} · ${money(face, invoice.balance_due, invoice.currency)}</button></form>`
          : ''
      }</section>`
    : '';
  const dueDate = due?.due_date ?? invoice.due_date;
  return page(
    face,
    `${w.invoice} ${invoice.number}`,
    `${DOCUMENT_STYLE}<p><a href="/portal/home">${esc(w.back)}</a></p><h1>${esc(w.invoice)} ${esc(invoice.number)}</h1>${banners}
<p>${esc(invoice.title)}</p>${dueDate ? `<p data-fact="due">${esc(w.due)}${c} ${day(face, dueDate)}</p>` : ''}
${linesTable(face, invoice)}
${scheduleTable(face, invoice, 'invoice')}
<table><tbody><tr><td>${esc(w.paid)}</td><td class="n">${money(face, invoice.amount_paid, invoice.currency)}</td></tr><tr><th>${esc(w.balance)}</th><td class="n"><strong>${money(face, invoice.balance_due, invoice.currency)}</strong></td></tr></tbody></table>
<a class="button" href="/portal/invoices/${esc(invoice.id)}/pdf">${esc(w.downloadPdf)}</a>
${pay}`,
  );
}

/** A problem page in the client's language: a document not theirs, or a session that ended. */
export function renderPortalProblem(
  face: PortalFace,
  problem: 'notFound' | 'expiredSession' | 'signedOut' | 'receiptPending' | 'tooMany',
): string {
  const w = wordsOf(face);
  return page(face, w.home, `<h1>${esc(w.home)}</h1>${banner(problem === 'signedOut' ? 'ok' : 'problem', w[problem])}`);
}
