/**
 * The studio's answer to a supplier's invoice it received (issue 32 §3): approve it, dispute it or
 * refuse it; the answer goes back to the supplier through the platforms as a lifecycle status. Pure.
 *
 * A received invoice may be answered once, except that a dispute is settled later by an approval or
 * a refusal; an approved or refused invoice is answered for good (the supplier corrects a refused
 * one with a new invoice, which arrives on its own).
 */
export const BUYER_ANSWERS = ['APPROVED', 'DISPUTED', 'REFUSED'] as const;
export type BuyerAnswer = (typeof BUYER_ANSWERS)[number];
export type PurchaseInvoiceStatus = 'RECEIVED' | BuyerAnswer;

/** The lifecycle status of France's e-invoicing network each answer is sent as. */
export const PLATFORM_STATUS_OF_ANSWER: Record<BuyerAnswer, string> = {
  APPROVED: 'Approuvée',
  DISPUTED: 'En litige',
  REFUSED: 'Refusée',
};

const NEXT: Record<PurchaseInvoiceStatus, readonly BuyerAnswer[]> = {
  RECEIVED: BUYER_ANSWERS,
  DISPUTED: ['APPROVED', 'REFUSED'],
  APPROVED: [],
  REFUSED: [],
};

export const ANSWER_REASON_MAX = 500;

/** Whether an invoice in `from` may take the answer `to`. */
export function canAnswer(from: PurchaseInvoiceStatus, to: BuyerAnswer): boolean {
  return NEXT[from].includes(to);
}

/**
 * The reason kept with an answer: trimmed, null when blank. A dispute or a refusal must say why
 * (the supplier reads it to correct the invoice); control characters other than line breaks are
 * refused, as is a reason longer than {@link ANSWER_REASON_MAX} characters.
 */
export function answerReason(
  answer: BuyerAnswer,
  reason: string | null | undefined,
): { ok: true; reason: string | null } | { ok: false; message: string } {
  const trimmed = (reason ?? '').trim();
  if (trimmed === '')
    return answer === 'APPROVED'
      ? { ok: true, reason: null }
      : { ok: false, message: `A ${answer === 'DISPUTED' ? 'dispute' : 'refusal'} must say why (reason)` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f]/.test(trimmed))
    return { ok: false, message: 'The reason may not hold control characters' };
  if ([...trimmed].length > ANSWER_REASON_MAX)
    return { ok: false, message: `The reason is longer than ${ANSWER_REASON_MAX} characters` };
  return { ok: true, reason: trimmed };
}
