import { type Sequelize } from 'sequelize-typescript';
import { QuoteSignature } from '../models/QuoteSignature';
import { type QuoteSignatureRow } from '../rows';

/** The signature of one of the owner's quotes, or null when it is not signed. */
export function findQuoteSignature(
  _sequelize: Sequelize,
  ownerId: string,
  quoteId: string,
): Promise<QuoteSignatureRow | null> {
  return QuoteSignature.findOne({ where: { owner_id: ownerId, quote_id: quoteId } });
}
