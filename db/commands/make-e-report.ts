import crypto from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { reportContents } from '../../domain/e-reporting/report-aggregates';
import { type EReportFile, eReportFile } from '../../domain/e-reporting/report-file';
import { type ReportFlow, type ReportingPeriod, type VatRegime } from '../../domain/e-reporting/reporting-periods';
import { ConflictError } from '../../domain/errors';
import { loadReportableDocuments, loadReportablePayments } from '../queries/e-reporting-sources';

/** A made report: its row and its file. */
export interface EReportRow {
  id: string;
  flow: ReportFlow;
  vat_regime: VatRegime;
  period_start: string;
  period_end: string;
  content: EReportFile;
  /** The file's bytes as made: what `sha256` covers, sent to the platform and downloaded (issue 40 §14). */
  file: string;
  sha256: string;
  created_at: Date;
  /** Its flow at the studio's platform and the platform's answer; null until sent (or without a platform). */
  transmission?: { flow_id: string; status: string; reason: string | null; at: string } | null;
}

/**
 * Makes the owner's e-report of one flow and period (issue 32 §4) in one transaction, one at a
 * time per studio: the records of the period not reported yet, and those of earlier periods
 * reported late (corrections), totalled; the file kept with its SHA-256, and each record listed
 * so it is never reported twice. A period already reported: 409 `e_report_exists`.
 */
export async function makeEReport(
  sequelize: Sequelize,
  ownerId: string,
  input: {
    flow: ReportFlow;
    regime: VatRegime;
    period: ReportingPeriod;
    timeZone: string;
    seller: EReportFile['seller'];
  },
): Promise<EReportRow> {
  return sequelize.transaction(async (transaction) => {
    await sequelize.query("SELECT pg_advisory_xact_lock(hashtext('e-report:' || $1))", {
      bind: [ownerId],
      transaction,
    });
    const existing = await sequelize.query<{ id: string }>(
      'SELECT id FROM e_reports WHERE owner_id = $1 AND flow = $2 AND period_start = $3::date',
      { bind: [ownerId, input.flow, input.period.start], type: QueryTypes.SELECT, transaction },
    );
    if (existing.length > 0)
      throw new ConflictError(
        'e_report_exists',
        `The ${input.flow.toLowerCase()} of this period are reported already`,
        {
          report_id: existing[0].id,
        },
      );
    const head = { flow: input.flow, vat_regime: input.regime, period: input.period, seller: input.seller };
    let file: EReportFile;
    let records: { kind: string; id: string; day: string }[];
    if (input.flow === 'TRANSACTIONS') {
      const documents = await loadReportableDocuments(
        sequelize,
        ownerId,
        input.period.end,
        input.timeZone,
        transaction,
      );
      const { current, late } = reportContents(input.period, documents, new Set());
      file = eReportFile(head, { flow: 'TRANSACTIONS', current, late });
      records = [...current, ...late].map((d) => ({ kind: d.kind, id: d.id, day: d.day }));
    } else {
      const payments = await loadReportablePayments(sequelize, ownerId, input.period.end, input.timeZone, transaction);
      const { current, late } = reportContents(input.period, payments, new Set());
      file = eReportFile(head, { flow: 'PAYMENTS', current, late });
      records = [...current, ...late].map((p) => ({ kind: 'payment', id: p.id, day: p.day }));
    }
    const text = JSON.stringify(file);
    const sha256 = crypto.createHash('sha256').update(text).digest('hex');
    const [row] = await sequelize.query<EReportRow>(
      `INSERT INTO e_reports (owner_id, flow, vat_regime, period_start, period_end, content, file, sha256)
       VALUES ($1, $2, $3, $4::date, $5::date, $6::jsonb, $8::text, $7)
       RETURNING id, flow, vat_regime, to_char(period_start, 'YYYY-MM-DD') AS period_start,
                 to_char(period_end, 'YYYY-MM-DD') AS period_end, content, file, sha256, created_at`,
      {
        bind: [ownerId, input.flow, input.regime, input.period.start, input.period.end, text, sha256, text],
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    if (records.length > 0)
      await sequelize.query(
        `INSERT INTO e_report_records (report_id, owner_id, flow, record_kind, record_id, record_day)
         SELECT $1, $2, $3, r.kind, r.id, r.day::date FROM jsonb_to_recordset($4::jsonb) AS r(kind text, id uuid, day text)`,
        { bind: [row.id, ownerId, input.flow, JSON.stringify(records)], transaction },
      );
    return row;
  });
}
