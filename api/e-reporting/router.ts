import { type Client } from '@temporalio/client';
import { Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { z } from 'zod';
import { type EReportRow } from '../../db/commands/make-e-report';
import { findEReport, listEReports } from '../../db/queries/e-reports';
import { REPORT_FLOWS } from '../../domain/e-reporting/reporting-periods';
import { makeEReportOf } from '../../services/e-reporting/make-e-report';
import { type createRouteKit, registerRoutes, routesFor } from '../http/route-kit';

const MakeReportBody = z
  .object({
    flow: z.enum(REPORT_FLOWS),
    day: z.iso.date().optional().describe('A day of the period to report; left out: the latest period that has ended'),
  })
  .strict();
const IdParams = z.object({ id: z.uuid() });

/** A report as the API answers it (201 on making it, in the list, and with its file on reading it). */
const EReportView = z.object({
  id: z.uuid(),
  flow: z.enum(REPORT_FLOWS),
  vat_regime: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  totals: z.array(z.record(z.string(), z.unknown())).describe('Per day, flow, category, currency and VAT rate'),
  corrections: z.array(z.record(z.string(), z.unknown())).describe('Records of earlier periods reported late'),
  records: z.number().int().describe('How many invoices, credit notes or payments it carries'),
  sha256: z.string().describe('SHA-256 of the file as sent: GET /api/e-reporting/reports/{id}/file'),
  created_at: z.string(),
  transmission: z
    .object({ flow_id: z.string(), status: z.string(), reason: z.string().nullable(), at: z.string() })
    .nullable()
    .describe("Its flow at the studio's platform and the platform's answer; null until sent"),
});

/** A report as the app lists it: the file's totals and corrections, not its records' ids. */
const present = (r: EReportRow) => ({
  id: r.id,
  flow: r.flow,
  vat_regime: r.vat_regime,
  period_start: r.period_start,
  period_end: r.period_end,
  totals: r.content.totals,
  corrections: r.content.corrections,
  records: r.content.records.length,
  sha256: r.sha256,
  created_at: new Date(r.created_at).toISOString(),
  transmission: r.transmission ?? null,
});

/** What the e-reporting router needs: the database, Temporal (the send job) and the route kit. */
type EReportingDeps = {
  sequelize: Sequelize;
  temporal: Client;
  kit: ReturnType<typeof createRouteKit>;
};

const tag = 'e-reporting';
const route = routesFor<EReportingDeps, EReportingDeps>();

const E_REPORTING_ROUTES = [
  route(
    {
      method: 'post',
      path: '/api/e-reporting/reports',
      operationId: 'makeEReport',
      errors: ['e_report_exists', 'period_not_ended', 'unavailable'],
      summary:
        'Report one ended period of sales (B2C, abroad) or of payments for them: its totals per day, category, currency and VAT rate, late records as corrections (409 e_report_exists, period_not_ended)',
      tag,
      auth: 'user',
      body: MakeReportBody,
      response: EReportView,
      status: 201,
    },
    ({ sequelize, temporal }) =>
      async ({ user, body, req }) =>
        present(await makeEReportOf(sequelize, temporal, user, body, req.requestId)),
  ),
  route(
    {
      method: 'get',
      path: '/api/e-reporting/reports',
      operationId: 'listEReports',
      response: z.array(EReportView),
      summary: "The studio's e-reports, newest period first",
      tag,
      auth: 'user',
    },
    ({ sequelize }) =>
      async ({ user }) =>
        (await listEReports(sequelize, user.orgId)).map(present),
  ),
  route(
    {
      method: 'get',
      path: '/api/e-reporting/reports/:id',
      operationId: 'getEReport',
      response: EReportView.extend({ file: z.record(z.string(), z.unknown()).describe('The file, parsed') }),
      summary: 'One e-report: its file (totals, corrections, the records it carries) and its SHA-256',
      tag,
      auth: 'user',
      params: IdParams,
    },
    ({ sequelize }) =>
      async ({ user, params }) => {
        const report = await findEReport(sequelize, user.orgId, params.id);
        // Parsed from the kept bytes, so its keys read in the file's order.
        return { ...present(report), file: JSON.parse(report.file) as unknown };
      },
  ),
  route(
    {
      method: 'get',
      path: '/api/e-reporting/reports/:id/file',
      operationId: 'downloadEReportFile',
      summary:
        "One e-report's file, byte for byte as made and sent to the platform: the bytes its sha256 covers (issue 40 §14)",
      tag,
      auth: 'user',
      params: IdParams,
      produces: { contentType: 'application/json', description: 'The e-report file as sent to the platform' },
    },
    ({ sequelize }) =>
      async ({ user, params, res }) => {
        const report = await findEReport(sequelize, user.orgId, params.id);
        res
          .status(200)
          .type('application/json')
          .attachment(`e-report-${report.flow.toLowerCase()}-${report.period_start}.json`)
          .send(Buffer.from(report.file, 'utf8'));
      },
  ),
];

/**
 * /api/e-reporting/reports (issue 32 §4, docs/e-invoicing.md "E-reporting"): a French studio's
 * reports of its sales to private clients and clients abroad, and of the payments for them, per
 * period of its VAT regime; each made once its period has ended, each record in exactly one.
 */
export function buildEReportingRouter(deps: EReportingDeps): Router {
  return registerRoutes(Router(), deps.kit, E_REPORTING_ROUTES, deps, deps);
}
