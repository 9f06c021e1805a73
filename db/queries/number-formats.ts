import { QueryTypes, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { DEFAULT_NUMBER_FORMATS, type DocumentSeries, type SequenceReset } from '../../domain/invoicing/numbering';

/** A studio's format for a series: its saved one, else the default (yearly). */
export async function numberFormatOf(
  sequelize: Sequelize,
  ownerId: string,
  series: DocumentSeries,
  transaction?: Transaction,
): Promise<{ format: string; reset: SequenceReset }> {
  const [row] = await sequelize.query<{ format: string; sequence_reset: SequenceReset }>(
    'SELECT format, sequence_reset FROM document_number_formats WHERE owner_id = $1 AND series = $2',
    {
      bind: [ownerId, series],
      type: QueryTypes.SELECT,
      transaction,
    },
  );
  return row
    ? { format: row.format, reset: row.sequence_reset }
    : { format: DEFAULT_NUMBER_FORMATS[series], reset: 'yearly' };
}

/** The studio's format of every series, with whether it has numbered documents yet. */
export async function readNumberFormats(
  sequelize: Sequelize,
  ownerId: string,
): Promise<Record<DocumentSeries, { format: string; sequence_reset: SequenceReset; in_use: boolean }>> {
  return sequelize.transaction(async (transaction) => {
    const counters = await sequelize.query<{ series: DocumentSeries }>(
      'SELECT DISTINCT series FROM document_counters WHERE owner_id = $1',
      { bind: [ownerId], type: QueryTypes.SELECT, transaction },
    );
    const used = new Set(counters.map((c) => c.series));
    const formats: Partial<Record<DocumentSeries, { format: string; sequence_reset: SequenceReset; in_use: boolean }>> =
      {};
    for (const series of ['invoice', 'credit_note', 'quote'] as const) {
      const { format, reset } = await numberFormatOf(sequelize, ownerId, series, transaction);
      formats[series] = { format, sequence_reset: reset, in_use: used.has(series) };
    }
    return formats as Record<DocumentSeries, { format: string; sequence_reset: SequenceReset; in_use: boolean }>;
  });
}
