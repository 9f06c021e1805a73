import { type Sequelize } from 'sequelize-typescript';
import { Quote } from '../models/Quote';
import { QuoteSignature } from '../models/QuoteSignature';
import { findStudio } from './studios';
import { type Row } from '../rows';

/** A signature with what its signed copy and emails need: the quote, and the studio's address and time zone. */
export interface SignedQuoteSources {
  signature: Row<QuoteSignature>;
  quote: Pick<Row<Quote>, 'id' | 'number' | 'title' | 'amount' | 'currency' | 'contact_id' | 'created_at'>;
  owner: { id: string; email: string; time_zone: string };
}

/** One of the owner's signatures and its sources, or null when it is not there. */
export async function loadSignedQuote(
  sequelize: Sequelize,
  ownerId: string,
  signatureId: string,
): Promise<SignedQuoteSources | null> {
  const signature = await QuoteSignature.findOne({ where: { id: signatureId, owner_id: ownerId } });
  if (!signature) return null;
  const [quote, owner] = await Promise.all([
    Quote.findOne({
      where: { id: signature.quote_id, owner_id: ownerId },
      attributes: ['id', 'number', 'title', 'amount', 'currency', 'contact_id', 'created_at'],
      rejectOnEmpty: true,
    }),
    findStudio(sequelize, ownerId),
  ]);
  return {
    signature: signature.get({ plain: true }) as Row<QuoteSignature>,
    quote: quote.get({ plain: true }) as SignedQuoteSources['quote'],
    // The studio's copy goes to its owner of today.
    owner: { id: owner.id, email: owner.owner_email, time_zone: owner.time_zone },
  };
}
