import { isFrench } from '../accounts/locale-language';
import { formatMoney } from '../invoicing/document-html';
import { escapeReceiptText, type ReceiptView } from './receipt-html';
import { receiptWords } from './receipt-words';

/** The receipt's email: subject, text and html in the client's language (the pdf is attached). */
export function receiptEmail(view: ReceiptView): { subject: string; text: string; html: string } {
  const w = receiptWords(view.locale);
  const colon = isFrench(view.locale) ? '\u00a0:' : ':';
  const amount = formatMoney(view.payment.amountCents, view.locale, view.currency);
  const due = `${w.stillDue}${colon} ${formatMoney(view.balanceAfterCents, view.locale, view.currency)}`;
  const lines = [
    w.hello,
    '',
    w.received(amount, view.invoice.number),
    view.balanceAfterCents === 0n ? w.paidInFull : due,
    '',
    w.attached,
    '',
    w.thanks,
    view.studio.name,
  ];
  return {
    subject: w.subject(view.number, view.invoice.number),
    text: `${lines.join('\n')}\n`,
    html: lines
      .reduce<string[][]>(
        (paragraphs, line) => {
          if (line === '') paragraphs.push([]);
          else paragraphs[paragraphs.length - 1].push(escapeReceiptText(line));
          return paragraphs;
        },
        [[]],
      )
      .map((p) => `<p>${p.join('<br>')}</p>`)
      .join(''),
  };
}
