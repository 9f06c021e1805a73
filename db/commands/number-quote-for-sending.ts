import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { Quote as QuoteModel } from '../models/Quote';
import { findOwned } from '../queries/owned';
import { numberQuote } from './document-numbers';

/** The owner's quote, locked until `transaction` ends and numbered if it was not (404 when not theirs). */
export async function numberedQuoteIn(
  sequelize: Sequelize,
  ownerId: string,
  quoteId: string,
  transaction: Transaction,
): Promise<QuoteModel> {
  const quote = await findOwned(sequelize, QuoteModel, 'Quote', quoteId, ownerId, { transaction, lock: true });
  await numberQuote(sequelize, quote, transaction);
  return quote;
}

/** The owner's quote numbered before it is sent (404 when not theirs). */
export async function numberQuoteForSending(sequelize: Sequelize, ownerId: string, quoteId: string): Promise<void> {
  await sequelize.transaction((transaction) => numberedQuoteIn(sequelize, ownerId, quoteId, transaction));
}
