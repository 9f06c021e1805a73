import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ConflictError, ValidationError } from '../../domain/errors';
import { type DocumentSeries, numberFormatProblems, type SequenceReset } from '../../domain/invoicing/numbering';
import { AuditLog } from '../models/AuditLog';
import { numberFormatOf } from '../queries/number-formats';

export interface NumberFormatInput {
  format: string;
  sequence_reset: SequenceReset;
}

/**
 * PUT /api/users/me/document-numbering: the studio's format for each series it names. A format is
 * checked (400 with every problem), and a series that has numbered a document already keeps its
 * format (409 numbering_in_use): a change mid-series could print a number twice or break the
 * chronological order the law asks for. Same values again: nothing changes.
 */
export async function saveNumberFormats(
  sequelize: Sequelize,
  ownerId: string,
  wanted: Partial<Record<DocumentSeries, NumberFormatInput>>,
  requestId?: string,
): Promise<void> {
  const problems = Object.entries(wanted).flatMap(([series, input]) =>
    numberFormatProblems(input!.format, input!.sequence_reset).map((message) => ({
      path: `${series}.format`,
      message,
    })),
  );
  if (problems.length) throw new ValidationError('A numbering format is not valid', problems);
  await sequelize.transaction(async (transaction) => {
    const changed: string[] = [];
    for (const [series, input] of Object.entries(wanted) as [DocumentSeries, NumberFormatInput][]) {
      const current = await numberFormatOf(sequelize, ownerId, series, transaction);
      if (current.format === input.format && current.reset === input.sequence_reset) continue;
      const [used] = await sequelize.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM document_counters WHERE owner_id = $1 AND series = $2',
        { bind: [ownerId, series], type: QueryTypes.SELECT, transaction },
      );
      if (used.n > 0)
        throw new ConflictError(
          'numbering_in_use',
          `The ${series.replace('_', ' ')} series has numbered documents already: its format stays ${current.format} (${current.reset})`,
        );
      await sequelize.query(
        `INSERT INTO document_number_formats (owner_id, series, format, sequence_reset) VALUES ($1, $2, $3, $4)
         ON CONFLICT (owner_id, series) DO UPDATE SET format = EXCLUDED.format, sequence_reset = EXCLUDED.sequence_reset, updated_at = now()`,
        { bind: [ownerId, series, input.format, input.sequence_reset], transaction },
      );
      changed.push(series);
    }
    if (changed.length) {
      await AuditLog.create(
        {
          actor_id: ownerId,
          action: 'UPDATE',
          entity_type: 'DOCUMENT_NUMBERING',
          entity_id: null,
          resource_owner_id: ownerId,
          request_id: requestId ?? null,
          metadata: { changed },
        },
        { transaction },
      );
    }
  });
}
