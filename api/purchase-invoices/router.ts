import crypto from 'node:crypto';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { recordPurchaseInvoice } from '../../db/commands/purchase-invoices';
import {
  findPurchaseInvoice,
  findPurchaseInvoiceByFile,
  listPurchaseInvoices,
  type PurchaseInvoiceRow,
} from '../../db/queries/purchase-invoices';
import { readPurchaseInvoice } from '../../domain/invoicing/purchase-invoice';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { MAX_IMPORT_BYTES } from '../../domain/imports/file-format';
import { UnsupportedMediaTypeError } from '../../domain/storage/errors';
import { extractInvoiceXml } from '../../lib/facturx/extract-xml';
import { parseInvoiceXml } from '../../lib/facturx/read-xml';
import { IdParams, PageQuery } from '../http/common-schemas';
import { type createRouteKit } from '../http/route-kit';
import { createSingleFileUpload } from '../http/single-file-upload';
import { PurchaseInvoicePage, PurchaseInvoiceView } from './schema';

export interface PurchaseInvoicesRouterDeps {
  sequelize: Sequelize;
  s3: S3Client;
  bucket: string;
  kit: ReturnType<typeof createRouteKit>;
}

const ACCEPTED = ['application/pdf (Factur-X, ZUGFeRD)', 'application/xml (CII or UBL)'];

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
  created_at: r.created_at.toISOString(),
});

/** What the bytes are, by their first bytes rather than their name: a pdf, an XML document, or neither. */
function sniff(bytes: Buffer): 'pdf' | 'xml' | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  const head = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') ? 'xml' : null;
}

/**
 * Purchase invoices received (issue 22 §3; docs/e-invoicing.md): a Factur-X / ZUGFeRD pdf or a
 * CII / UBL XML is read into a purchase record and the file is kept under documents/.
 */
export function buildPurchaseInvoicesRouter(deps: PurchaseInvoicesRouterDeps): Router {
  const { sequelize, s3, bucket, kit } = deps;
  const router = Router();
  const tag = 'purchase-invoices';
  const readFile = createSingleFileUpload(MAX_IMPORT_BYTES, 'file');

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/purchase-invoices',
      operationId: 'receivePurchaseInvoice',
      summary:
        'Receive a supplier\'s e-invoice (multipart part "file": a Factur-X pdf, or a CII or UBL XML): its seller, number, dates and totals, read into a purchase record',
      tag,
      auth: 'user',
      response: PurchaseInvoiceView,
      status: 201,
    },
    async ({ req, res, user }) => {
      const file = await readFile(req, res);
      const kind = sniff(file.buffer);
      if (!kind) throw new UnsupportedMediaTypeError(ACCEPTED);
      let xml: string | null;
      if (kind === 'pdf') {
        try {
          xml = (await extractInvoiceXml(file.buffer))?.xml ?? null;
        } catch (err) {
          throw new ValidationError(`The pdf cannot be read: ${(err as Error).message}`);
        }
        if (xml === null) throw new UnsupportedMediaTypeError(ACCEPTED);
      } else xml = file.buffer.toString('utf8').replace(/^\uFEFF/, '');
      const parsed = parseInvoiceXml(xml);
      if (!parsed.ok)
        throw new ValidationError(
          kind === 'pdf' ? `The Factur-X XML of the pdf is not valid: ${parsed.message}` : parsed.message,
        );
      const reading = readPurchaseInvoice(parsed.document);
      if (!reading.ok) {
        // An XML document that is not an invoice at all is the wrong kind of file; a broken invoice is bad data.
        if (kind === 'xml' && reading.problems.length === 1 && reading.problems[0].path === '/')
          throw new UnsupportedMediaTypeError(ACCEPTED);
        throw new ValidationError(
          kind === 'pdf' ? 'The Factur-X XML of the pdf is not a valid invoice' : 'The XML is not a valid invoice',
          reading.problems,
        );
      }
      const sha256 = crypto.createHash('sha256').update(file.buffer).digest('hex');
      const existing = await findPurchaseInvoiceByFile(sequelize, user.id, sha256);
      if (existing)
        throw new ConflictError('purchase_invoice_exists', 'This file was received already', { id: existing });
      const format = kind === 'pdf' ? ('FACTURX' as const) : reading.invoice.syntax;
      const key = `documents/purchase-invoices/${user.id}/${sha256}.${kind}`;
      const contentType = kind === 'pdf' ? 'application/pdf' : 'application/xml';
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: file.buffer, ContentType: contentType }));
      const id = await recordPurchaseInvoice(
        sequelize,
        { id: user.id, orgId: user.orgId },
        { bucket, key, contentType, sizeBytes: file.size, sha256, fileName: file.originalname || null, format },
        reading.invoice,
      );
      if (!id)
        throw new ConflictError('purchase_invoice_exists', 'This file was received already', {
          id: await findPurchaseInvoiceByFile(sequelize, user.id, sha256),
        });
      return present((await findPurchaseInvoice(sequelize, user.id, id))!);
    },
  );

  kit.route(
    router,
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
    async ({ user, query }) => {
      const page = await listPurchaseInvoices(sequelize, user.id, query);
      return { ...page, items: page.items.map(present) };
    },
  );

  kit.route(
    router,
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
    async ({ user, params }) => {
      const row = await findPurchaseInvoice(sequelize, user.id, params.id);
      if (!row) throw new NotFoundError('Purchase invoice');
      return present(row);
    },
  );

  return router;
}
