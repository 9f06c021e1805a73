import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type Quote } from '../models/Quote';
import { Organization } from '../models/Organization';
import { counterKey, type DocumentSeries, formatDocumentNumber } from '../../domain/invoicing/numbering';
import { numberFormatOf } from '../queries/number-formats';

/**
 * The next legal number of the studio's series, drawn inside the issuing transaction (issue 20
 * §2): the counter row of the series and year is created or incremented with one upsert, which
 * locks it until the transaction ends. A concurrent issue waits on that lock and gets the next
 * value; a transaction that rolls back gives its value back, so numbers have no gaps.
 */
export async function drawDocumentNumber(
  sequelize: Sequelize,
  ownerId: string,
  series: DocumentSeries,
  issuedAt: Date,
  timeZone: string,
  transaction: Transaction,
): Promise<string> {
  const { format, reset } = await numberFormatOf(sequelize, ownerId, series, transaction);
  const key = counterKey(series, reset, issuedAt, timeZone);
  const [row] = await sequelize.query<{ last_value: number }>(
    `INSERT INTO document_counters (owner_id, series, period, last_value) VALUES ($1, $2, $3, 1)
     ON CONFLICT (owner_id, series, period) DO UPDATE SET last_value = document_counters.last_value + 1
     RETURNING last_value`,
    { bind: [ownerId, series, key.year ?? 0], type: QueryTypes.SELECT, transaction },
  );
  return formatDocumentNumber(format, reset, row.last_value, issuedAt, timeZone);
}

/**
 * Gives a quote its number, once (issue 20 §2): drawn from the studio's quote series inside the
 * caller's transaction and kept for good. Called when the quote is first sent (before its pdf is
 * rendered, so the client's copy carries it) or first leaves PENDING by an update.
 */
export async function numberQuote(sequelize: Sequelize, quote: Quote, transaction: Transaction): Promise<void> {
  if (quote.number) return;
  const { time_zone: timeZone } = await Organization.findByPk(quote.owner_id, {
    attributes: ['time_zone'],
    transaction,
    rejectOnEmpty: true,
  });
  const sentAt = new Date();
  quote.set({
    number: await drawDocumentNumber(sequelize, quote.owner_id, 'quote', sentAt, timeZone, transaction),
    sent_at: sentAt,
  });
  await quote.save({ transaction });
}
