import { type Sequelize } from 'sequelize-typescript';
import { type UserLocale } from '../../domain/accounts/users';
import { ConflictError } from '../../domain/errors';
import { decliningRefusal } from '../../domain/client-portal/quote-signing';
import { type Quote } from '../models/Quote';
import { type ClientRef } from '../queries/client-accounts';
import { lockClientQuote, recordClientAnswer } from './sign-quote';

/**
 * A client declines a quote (issue 31 §2), with a reason if they give one: REJECTED, the time
 * and reason kept on the quote, QUOTE_STATUS_CHANGED and QUOTE_DECLINED fired. A quote already
 * signed, accepted or declined: 409.
 */
export async function declineQuote(
  sequelize: Sequelize,
  account: ClientRef & { id: string },
  quoteId: string,
  reason: string | null,
  locale: UserLocale,
  requestId?: string,
): Promise<Quote> {
  return sequelize.transaction(async (transaction) => {
    const quote = await lockClientQuote(account, quoteId, transaction);
    const refusal = decliningRefusal(quote, locale);
    if (refusal) throw new ConflictError(refusal.code, refusal.message);
    quote.declined_at = new Date();
    quote.decline_reason = reason;
    await recordClientAnswer(
      sequelize,
      quote,
      { status: 'REJECTED', event: 'QUOTE_DECLINED', clientAccountId: account.id },
      { with_reason: reason !== null },
      transaction,
      requestId,
    );
    return quote;
  });
}
