import { type S3Client } from '@aws-sdk/client-s3';
import { type Client } from '@temporalio/client';
import { Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { recordPurchaseInvoice } from '../../db/commands/purchase-invoices';
import {
  findPurchaseInvoice,
  findPurchaseInvoiceByFile,
  listPurchaseAnswers,
  listPurchaseInvoices,
  type PurchaseInvoiceRow,
} from '../../db/queries/purchase-invoices';
import { answerPurchaseInvoice } from '../../db/commands/answer-purchase-invoice';
import { listUnreadableInboxFlows } from '../../db/queries/platform-inbox';
import { answerReason } from '../../domain/e-invoicing/buyer-answer';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { startJob } from '../../lib/jobs/start-job';
import { PURCHASE_ANSWER_JOB } from '../../workflows/e-invoicing/contract';
import { MAX_IMPORT_BYTES } from '../../domain/imports/file-format';
import { keepPurchaseInvoice, sha256Of } from '../../lib/purchase-invoices/keep-purchase-invoice';
import { readPurchaseFile } from '../../lib/purchase-invoices/read-purchase-file';
import { IdParams, PageQuery } from '../http/common-schemas';
import { type createRouteKit, registerRoutes, routesFor } from '../http/route-kit';
import { createSingleFileUpload } from '../http/single-file-upload';
import {
  PurchaseInvoiceAnswerBody,
  PurchaseInvoiceAnswerList,
  PurchaseInvoicePage,
  PurchaseInvoiceView,
  UnreadableInvoiceList,
} from './schema';

export interface PurchaseInvoicesRouterDeps {
  sequelize: Sequelize;
  temporal: Client;
  s3: S3Client;
  bucket: string;
  kit: ReturnType<typeof createRouteKit>;
}

const present = (r: PurchaseInvoiceRow) => ({
  id: r.id,
  source_format: r.source_format,
  type_code: r.type_code,
  seller_name: r.seller_name,
  seller_siren: r.seller_siren,
  seller_vat_number: r.seller_vat_number,
  number: r.number,
  issue_date: r.issue_date,
  due_date: r.due_date,
  currency: r.currency,
  total_without_tax: r.total_without_tax,
  total_tax: r.total_tax,
  total: r.total,
  vat: r.vat_breakdown,
  file_key: r.file_key,
  file_name: r.file_name,
  received_via: r.received_via,
  platform_flow_id: r.platform_flow_id,
  status: r.status,
  status_reason: r.status_reason,
  status_changed_at: r.status_changed_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

type PurchaseInvoicesContext = PurchaseInvoicesRouterDeps & {
  readFile: ReturnType<typeof createSingleFileUpload>;
};
const tag = 'purchase-invoices';
const route = routesFor<PurchaseInvoicesContext, PurchaseInvoicesContext>();

/** Every route of buildPurchaseInvoicesRouter, in the document's order. */
const PURCHASE_INVOICES_ROUTES = [
  route(
    {
      method: 'post',
      path: '/api/purchase-invoices',
      operationId: 'receivePurchaseInvoice',
      errors: ['purchase_invoice_exists', 'payload_too_large', 'unsupported_media_type'],
      summary:
        'Receive a supplier\'s e-invoice (multipart part "file": a Factur-X pdf, or a CII or UBL XML): its seller, number, dates and totals, read into a purchase record',
      tag,
      auth: 'user',
      response: PurchaseInvoiceView,
      status: 201,
    },
    ({ sequelize, s3, bucket, readFile }) =>
      async ({ req, res, user }) => {
        const file = await readFile(req, res);
        const read = await readPurchaseFile(file.buffer);
        const sha256 = sha256Of(file.buffer);
        const existing = await findPurchaseInvoiceByFile(sequelize, user.orgId, sha256);
        if (existing)
          throw new ConflictError('purchase_invoice_exists', 'This file was received already', { id: existing });
        const id = await keepPurchaseInvoice(
          { s3, bucket, recordPurchaseInvoice: (...args) => recordPurchaseInvoice(sequelize, ...args) },
          { id: user.id, orgId: user.orgId },
          file.buffer,
          read,
          { fileName: file.originalname || null },
        );
        if (!id)
          throw new ConflictError('purchase_invoice_exists', 'This file was received already', {
            id: await findPurchaseInvoiceByFile(sequelize, user.orgId, sha256),
          });
        return present((await findPurchaseInvoice(sequelize, user.orgId, id))!);
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/purchase-invoices',
      operationId: 'listPurchaseInvoices',
      summary: 'The purchase invoices received, newest first',
      tag,
      auth: 'user',
      query: PageQuery,
      response: PurchaseInvoicePage,
    },
    ({ sequelize }) =>
      async ({ user, query }) => {
        const page = await listPurchaseInvoices(sequelize, user.orgId, query);
        return { ...page, items: page.items.map(present) };
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/purchase-invoices/:id',
      operationId: 'getPurchaseInvoice',
      summary: 'One purchase invoice received',
      tag,
      auth: 'user',
      params: IdParams,
      response: PurchaseInvoiceView,
    },
    ({ sequelize }) =>
      async ({ user, params }) => {
        const row = await findPurchaseInvoice(sequelize, user.orgId, params.id);
        if (!row) throw new NotFoundError('Purchase invoice');
        return present(row);
      },
  ),

  route(
    {
      method: 'post',
      path: '/api/purchase-invoices/:id/answer',
      operationId: 'answerPurchaseInvoice',
      errors: ['purchase_invoice_answered'],
      summary:
        "Approve, dispute or refuse a supplier's invoice (a dispute or refusal says why); one the platform delivered gets the answer back through it",
      tag,
      auth: 'user',
      params: IdParams,
      body: PurchaseInvoiceAnswerBody,
      response: PurchaseInvoiceView,
    },
    ({ sequelize, temporal }) =>
      async ({ user, params, body, req }) => {
        const reason = answerReason(body.status, body.reason);
        if (!reason.ok) throw new ValidationError(reason.message, [{ path: 'reason', message: reason.message }]);
        const answered = await answerPurchaseInvoice(sequelize, user.orgId, params.id, body.status, reason.reason);
        if (answered.outcome === 'not_found') throw new NotFoundError('Purchase invoice');
        if (answered.outcome === 'not_allowed')
          throw new ConflictError(
            'purchase_invoice_answered',
            answered.status === 'DISPUTED'
              ? 'A disputed invoice is settled by approving or refusing it'
              : `This invoice was ${answered.status.toLowerCase()} already; an answer is for good`,
            { status: answered.status },
          );
        // Back to the supplier through the platform; a start Temporal refuses is dead-lettered for replay.
        if (answered.platformFlowId)
          await startJob(
            sequelize,
            temporal,
            PURCHASE_ANSWER_JOB,
            answered.answerId,
            { answerId: answered.answerId, ownerId: user.orgId },
            { orgId: user.orgId, userId: user.id, entityId: params.id, requestId: req.requestId },
          ).catch(() => undefined);
        return present((await findPurchaseInvoice(sequelize, user.orgId, params.id))!);
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/purchase-invoices/:id/answers',
      operationId: 'listPurchaseInvoiceAnswers',
      summary: "The studio's answers to a purchase invoice, oldest first, each with when it reached the platform",
      tag,
      auth: 'user',
      params: IdParams,
      response: PurchaseInvoiceAnswerList,
    },
    ({ sequelize }) =>
      async ({ user, params }) => {
        if (!(await findPurchaseInvoice(sequelize, user.orgId, params.id))) throw new NotFoundError('Purchase invoice');
        const answers = await listPurchaseAnswers(sequelize, user.orgId, params.id);
        return {
          items: answers.map((a) => ({
            id: a.id,
            status: a.status,
            reason: a.reason,
            created_at: a.created_at.toISOString(),
            sent_at: a.sent_at?.toISOString() ?? null,
          })),
        };
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/e-invoicing/unreadable-invoices',
      operationId: 'listUnreadableSupplierInvoices',
      summary:
        'Supplier invoices the platform delivered that could not be read, with the reason (the platform keeps each file, by its flow id)',
      tag,
      auth: 'user',
      response: UnreadableInvoiceList,
    },
    ({ sequelize }) =>
      async ({ user }) => ({
        items: (await listUnreadableInboxFlows(sequelize, user.orgId)).map((f) => ({
          flow_id: f.flow_id,
          problem: f.problem,
          received_at: f.received_at.toISOString(),
        })),
      }),
  ),
];

/**
 * Purchase invoices received (issue 22 §3; docs/e-invoicing.md): a Factur-X / ZUGFeRD pdf or a
 * CII / UBL XML is read into a purchase record and the file is kept under documents/. Those the
 * studio's platform delivers arrive the same way (issue 32 §3, activities/e-invoicing/); the
 * studio approves, disputes or refuses each, and the answer goes back through the platform.
 */
export function buildPurchaseInvoicesRouter(deps: PurchaseInvoicesRouterDeps): Router {
  const context: PurchaseInvoicesContext = {
    ...deps,
    readFile: createSingleFileUpload(MAX_IMPORT_BYTES, 'file'),
  };
  return registerRoutes(Router(), deps.kit, PURCHASE_INVOICES_ROUTES, context, context);
}
