import { type Sequelize } from 'sequelize-typescript';
import { createHash } from 'node:crypto';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { type Client } from '@temporalio/client';
import { type Request, type Response, Router } from 'express';
import { type z } from 'zod';
import { findUserPreferences } from '../../db/queries/users';
import { DomainError } from '../../domain/errors';
import { parseCustomMapping } from '../../domain/imports/custom-mapping';
import { detectImportFormat, IMPORT_FORMATS, MAX_IMPORT_BYTES } from '../../domain/imports/file-format';
import { headerVariants } from '../../domain/imports/header-mapping';
import { type RowAction } from '../../domain/imports/import-plan';
import { IMPORT_ENTITIES, IMPORT_TARGET_FIELDS, type ImportEntity } from '../../domain/imports/target-fields';
import { type Config } from '../../lib/config';
import { checkUpload } from '../../lib/imports/read-upload';
import { resolveImportMapping } from '../../domain/imports/resolve-mapping';
import { startJob } from '../../lib/jobs/start-job';
import { waitForJob } from '../../lib/jobs/wait-for-job';
import { downloadLink } from '../../lib/s3-links';
import {
  IMPORT_JOB,
  type ImportPayload,
  type ImportPreview,
  type ImportResult,
} from '../../workflows/imports/contract';
import { type AuthUser } from '../auth/auth-user';
import { type createRouteKit, type RouteContext } from '../http/route-kit';
import { ImportPreviewView, ImportQuery, ImportResultView, PreviewQuery } from './schema';
import { createImportUpload } from './upload';

export interface ImportsRouterDeps {
  sequelize: Sequelize;
  temporal: Client;
  s3: S3Client;
  publicS3: S3Client;
  config: Config;
  kit: ReturnType<typeof createRouteKit>;
}

// A 10 MB file imports in seconds; the wait is generous, and a longer run is still in job_runs.
const WAIT_SECONDS = 300;

/** /api/import: uploads checked here, imported by the import job, the answer waited for. */
export function buildImportsRouter(deps: ImportsRouterDeps): Router {
  const { kit, config, sequelize } = deps;
  const router = Router();
  const tag = 'imports';
  const readFile = createImportUpload();

  /** Checks the upload (type, size, readable, a usable column), stores it, runs the job, waits. */
  async function runImportJob(
    req: Request,
    res: Response,
    user: AuthUser,
    entity: ImportEntity,
    options: { preview: boolean; updateExisting: boolean; mapping?: string; rowActions?: Record<string, RowAction> },
  ) {
    const file = await readFile(req, res);
    const format = detectImportFormat(file.originalname, file.mimetype, file.buffer.subarray(0, 8));
    const mapping = options.mapping === undefined ? undefined : parseCustomMapping(entity, options.mapping);
    // Checked here, so an unreadable, empty or unrecognised file is a 400 before any job: a csv
    // up to its first data row only, a spreadsheet whole (lib/imports/read-upload.ts).
    const head = await checkUpload(format, file.buffer);
    resolveImportMapping(entity, head.headers, mapping);
    const owner = await findUserPreferences(sequelize, user.id);
    const hash = createHash('sha256')
      .update(
        JSON.stringify([
          user.id,
          entity,
          options.preview,
          options.updateExisting,
          mapping ?? null,
          options.rowActions ?? null,
          owner.time_zone,
        ]),
      )
      .update(file.buffer)
      .digest('hex');
    const uploadKey = `temp/imports/${user.id}/${hash}.${format}`;
    await deps.s3.send(
      new PutObjectCommand({ Bucket: config.S3_BUCKET, Key: uploadKey, Body: file.buffer, ContentType: file.mimetype }),
    );
    const payload: ImportPayload = {
      ownerId: user.id,
      entity,
      format,
      uploadKey,
      filename: file.originalname,
      ...(head.encoding ? { encoding: head.encoding } : {}),
      updateExisting: options.updateExisting,
      preview: options.preview,
      timeZone: owner.time_zone,
      requestId: req.requestId,
      ...(mapping ? { mapping } : {}),
      ...(options.rowActions ? { rowActions: options.rowActions } : {}),
    };
    const run = await startJob(sequelize, deps.temporal, IMPORT_JOB, `${user.id}:${hash}`, payload, {
      orgId: user.orgId,
      userId: user.id,
      requestId: req.requestId,
    });
    return waitForJob<ImportResult | ImportPreview>(deps.temporal, run, {
      seconds: WAIT_SECONDS,
      what: 'import',
      late: (job) =>
        new DomainError('import_timeout', `The import is still running after ${WAIT_SECONDS} s`, { jobRunId: job.id }),
      failed: (reason, job) => new DomainError('import_failed', `The import failed: ${reason}`, { jobRunId: job.id }),
    });
  }

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/import/contacts/preview',
      operationId: 'previewContactsImport',
      errors: ['payload_too_large', 'unsupported_media_type'],
      summary: 'Preview a contacts import: what each line would do; nothing is written',
      tag,
      auth: 'user',
      query: PreviewQuery,
      response: ImportPreviewView,
    },
    async ({ req, res, user, query }) =>
      (await runImportJob(req, res, user, 'contacts', {
        preview: true,
        updateExisting: query.updateExisting,
        mapping: query.mapping,
      })) as ImportPreview,
  );

  /** The handler of POST /api/import/<entity>: run the import job, answer its result with a link to the error file. */
  const importEntity =
    (entity: ImportEntity) =>
    async ({
      req,
      res,
      user,
      query,
    }: Pick<
      RouteContext<unknown, Partial<z.infer<typeof ImportQuery>>, unknown>,
      'req' | 'res' | 'user' | 'query'
    >) => {
      const { updateExisting, mapping, rowActions } = query as z.infer<typeof ImportQuery>;
      const result = (await runImportJob(req, res, user, entity, {
        preview: false,
        updateExisting,
        mapping,
        rowActions: rowActions as Record<string, RowAction> | undefined,
      })) as ImportResult;
      const errorFile = result.errorFile
        ? await downloadLink(deps.publicS3, config.S3_BUCKET, result.errorFile, config.EXPORT_LINK_TTL_SECONDS)
        : null;
      return {
        ...result,
        errorFile: errorFile
          ? { url: errorFile.url, key: result.errorFile!.key, filename: result.errorFile!.filename }
          : null,
      };
    };
  // Only contacts take row actions (the preview's per-line choices).
  const ImportQueryWithoutRowActions = ImportQuery.omit({ rowActions: true });

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/import/contacts',
      operationId: 'importContacts',
      errors: ['payload_too_large', 'unsupported_media_type', 'import_failed', 'import_timeout', 'unavailable'],
      summary: 'Import contacts from a csv, xlsx or xls file (multipart part "file")',
      tag,
      auth: 'user',
      query: ImportQuery,
      response: ImportResultView,
    },
    importEntity('contacts'),
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/import/sessions',
      operationId: 'importSessions',
      errors: ['payload_too_large', 'unsupported_media_type', 'import_failed', 'import_timeout', 'unavailable'],
      summary: 'Import sessions from a csv, xlsx or xls file (multipart part "file")',
      tag,
      auth: 'user',
      query: ImportQueryWithoutRowActions,
      response: ImportResultView,
    },
    importEntity('sessions'),
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/import/quotes',
      operationId: 'importQuotes',
      errors: ['payload_too_large', 'unsupported_media_type', 'import_failed', 'import_timeout', 'unavailable'],
      summary: 'Import quotes from a csv, xlsx or xls file (multipart part "file")',
      tag,
      auth: 'user',
      query: ImportQueryWithoutRowActions,
      response: ImportResultView,
    },
    importEntity('quotes'),
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/import/invoices',
      operationId: 'importInvoices',
      errors: ['payload_too_large', 'unsupported_media_type', 'import_failed', 'import_timeout', 'unavailable'],
      summary: 'Import invoices from a csv, xlsx or xls file (multipart part "file")',
      tag,
      auth: 'user',
      query: ImportQueryWithoutRowActions,
      response: ImportResultView,
    },
    importEntity('invoices'),
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/import/info',
      operationId: 'getImportInfo',
      summary: 'What the import accepts: entities, formats, fields and header mappings',
      tag,
      auth: 'user',
    },
    async () => ({
      entities: IMPORT_ENTITIES.map((entity) => ({
        entity,
        targetFields: IMPORT_TARGET_FIELDS[entity],
        headerVariants: headerVariants(entity),
        endpoint: `/api/import/${entity}`,
      })),
      formats: IMPORT_FORMATS,
      contentTypes: {
        csv: ['text/csv', 'application/csv'],
        xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        xls: ['application/vnd.ms-excel'],
      },
      maxFileBytes: MAX_IMPORT_BYTES,
      preview: '/api/import/contacts/preview',
    }),
  );

  return router;
}
