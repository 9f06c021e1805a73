import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { counterKey, DEFAULT_NUMBER_FORMATS, type DocumentSeries, formatDocumentNumber, type SequenceReset } from '../../domain/invoicing/numbering';

/** A studio's format for a series: its saved one, else the default (yearly). */
export async function numberFormatOf(sequelize: Sequelize, ownerId: string, series: DocumentSeries, transaction: Transaction): Promise<{ format: string; reset: SequenceReset }> {
  const [row] = await sequelize.query<{ format: string; sequence_reset: SequenceReset }>('SELECT format, sequence_reset FROM document_number_formats WHERE owner_id = $1 AND series = $2', {
    bind: [ownerId, series],
    type: QueryTypes.SELECT,
    transaction,
  });
  return row ? { format: row.format, reset: row.sequence_reset } : { format: DEFAULT_NUMBER_FORMATS[series], reset: 'yearly' };
}

/**
 * The next legal number of the studio's series, drawn inside the issuing transaction (issue 20
 * §2): the counter row of the series and year is created or incremented with one upsert, which
 * locks it until the transaction ends. A concurrent issue waits on that lock and gets the next
 * value; a transaction that rolls back gives its value back, so numbers have no gaps.
 */
export async function drawDocumentNumber(sequelize: Sequelize, ownerId: string, series: DocumentSeries, issuedAt: Date, timeZone: string, transaction: Transaction): Promise<string> {
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
