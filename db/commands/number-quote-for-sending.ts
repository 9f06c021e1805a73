import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { Quote as QuoteModel } from '../models/Quote';
import { numberQuote } from './document-numbers';

/** The owner's quote, locked until `transaction` ends and numbered if it was not (404 when not theirs). */
export async function numberedQuoteIn(
  sequelize: Sequelize,
  ownerId: string,
  quoteId: string,
  transaction: Transaction,
): Promise<QuoteModel> {
  const quote = await QuoteModel.findOne({
    where: { id: quoteId, owner_id: ownerId },
    transaction,
    lock: transaction.LOCK.UPDATE,
  });
  if (!quote) throw new NotFoundError('Quote');
  await numberQuote(sequelize, quote, transaction);
  return quote;
}

/** The owner's quote numbered before it is sent (404 when not theirs). */
export async function numberQuoteForSending(sequelize: Sequelize, ownerId: string, quoteId: string): Promise<void> {
  await sequelize.transaction((transaction) => numberedQuoteIn(sequelize, ownerId, quoteId, transaction));
}
