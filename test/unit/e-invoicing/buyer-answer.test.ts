import fc from 'fast-check';
import {
  ANSWER_REASON_MAX,
  answerReason,
  BUYER_ANSWERS,
  canAnswer,
  PLATFORM_STATUS_OF_ANSWER,
  type PurchaseInvoiceStatus,
} from '../../../domain/e-invoicing/buyer-answer';

const STATUSES: PurchaseInvoiceStatus[] = ['RECEIVED', ...BUYER_ANSWERS];

describe("the studio's answer to a purchase invoice", () => {
  it('a received invoice takes any answer; a dispute is settled by approving or refusing; approved and refused are for good', () => {
    expect(BUYER_ANSWERS.filter((a) => canAnswer('RECEIVED', a))).toEqual(['APPROVED', 'DISPUTED', 'REFUSED']);
    expect(BUYER_ANSWERS.filter((a) => canAnswer('DISPUTED', a))).toEqual(['APPROVED', 'REFUSED']);
    expect(BUYER_ANSWERS.filter((a) => canAnswer('APPROVED', a))).toEqual([]);
    expect(BUYER_ANSWERS.filter((a) => canAnswer('REFUSED', a))).toEqual([]);
  });

  it('no sequence of answers goes back to RECEIVED or leaves a final status, and each is sent as a status of the network', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...BUYER_ANSWERS), { maxLength: 8 }), (answers) => {
        let status: PurchaseInvoiceStatus = 'RECEIVED';
        const taken: string[] = [];
        for (const answer of answers)
          if (canAnswer(status, answer)) {
            taken.push(answer);
            status = answer;
          }
        // At most a dispute, then one final answer.
        expect(taken.length).toBeLessThanOrEqual(2);
        if (taken.length === 2) expect(taken[0]).toBe('DISPUTED');
        expect(STATUSES).toContain(status);
      }),
    );
    expect(Object.values(PLATFORM_STATUS_OF_ANSWER)).toEqual(['Approuvée', 'En litige', 'Refusée']);
  });

  it('a dispute or a refusal must say why; an approval may', () => {
    expect(answerReason('REFUSED', '  ')).toEqual({ ok: false, message: expect.stringContaining('refusal') });
    expect(answerReason('DISPUTED', null)).toEqual({ ok: false, message: expect.stringContaining('dispute') });
    expect(answerReason('APPROVED', undefined)).toEqual({ ok: true, reason: null });
    expect(answerReason('REFUSED', ' Wrong VAT rate on line 2\n(5.5 % expected) ')).toEqual({
      ok: true,
      reason: 'Wrong VAT rate on line 2\n(5.5 % expected)',
    });
  });

  it('refuses control characters and reasons too long, counting characters rather than UTF-16 units', () => {
    expect(answerReason('REFUSED', 'bad\u0000reason').ok).toBe(false);
    expect(answerReason('REFUSED', 'bad\u001breason').ok).toBe(false);
    expect(answerReason('REFUSED', '📷'.repeat(ANSWER_REASON_MAX)).ok).toBe(true);
    expect(answerReason('REFUSED', 'x'.repeat(ANSWER_REASON_MAX + 1)).ok).toBe(false);
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (text) => {
        const result = answerReason('DISPUTED', text);
        if (result.ok) {
          expect(result.reason).toBe(text.trim());
          expect([...(result.reason ?? '')].length).toBeLessThanOrEqual(ANSWER_REASON_MAX);
        }
      }),
    );
  });
});
