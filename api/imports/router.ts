import { type Sequelize } from 'sequelize-typescript';
import { type S3Client } from '@aws-sdk/client-s3';
import { type Client } from '@temporalio/client';
import { Router } from 'express';
import { type z } from 'zod';
import { IMPORT_FORMATS, MAX_IMPORT_BYTES } from '../../domain/imports/file-format';
import { headerVariants } from '../../domain/imports/header-mapping';
import { type RowAction } from '../../domain/imports/import-plan';
import { IMPORT_ENTITIES, IMPORT_TARGET_FIELDS, type ImportEntity } from '../../domain/imports/target-fields';
import { type Config } from '../../lib/config';
import { downloadLink } from '../../lib/s3-links';
import { type ImportPreview, type ImportResult } from '../../workflows/imports/contract';
import { importFile, type ImportOptions } from '../../services/imports/import-file';
import { type createRouteKit, registerRoutes, type RouteContext, routesFor } from '../http/route-kit';
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

const tag = 'imports';
type ImportContext<Q> = Pick<RouteContext<unknown, Q, unknown>, 'req' | 'res' | 'user' | 'query'>;

/** The handlers of the import routes, made once from the router's deps (one upload reader). */
function importHandlers(deps: ImportsRouterDeps) {
  const { config, sequelize } = deps;
  const readFile = createImportUpload();

  /** Reads the upload (at most 10 MB), then imports it (services/imports/import-file.ts). */
  const runImportJob = async (
    { req, res, user }: ImportContext<unknown>,
    entity: ImportEntity,
    options: ImportOptions,
  ) => importFile(sequelize, deps, user, entity, await readFile(req, res), options, req.requestId);

  return {
    preview: async (ctx: ImportContext<z.infer<typeof PreviewQuery>>) =>
      (await runImportJob(ctx, 'contacts', {
        preview: true,
        updateExisting: ctx.query.updateExisting,
        mapping: ctx.query.mapping,
      })) as ImportPreview,

    /** The handler of POST /api/import/<entity>: run the import job, answer its result with a link to the error file. */
    importEntity: (entity: ImportEntity) => async (ctx: ImportContext<Partial<z.infer<typeof ImportQuery>>>) => {
      const { updateExisting, mapping, rowActions } = ctx.query as z.infer<typeof ImportQuery>;
      const result = (await runImportJob(ctx, entity, {
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
    },
  };
}

/** What the import accepts: entities, formats, fields and header mappings. */
const importInfo = async () => ({
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
});

// Only contacts take row actions (the preview's per-line choices).
const ImportQueryWithoutRowActions = ImportQuery.omit({ rowActions: true });
const route = routesFor<ReturnType<typeof importHandlers>, ImportsRouterDeps>();

/** Every route of buildImportsRouter, in the document's order. */
const IMPORT_ROUTES = [
  route(
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
    (h) => h.preview,
  ),
  route(
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
    (h) => h.importEntity('contacts'),
  ),
  route(
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
    (h) => h.importEntity('sessions'),
  ),
  route(
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
    (h) => h.importEntity('quotes'),
  ),
  route(
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
    (h) => h.importEntity('invoices'),
  ),
  route(
    {
      method: 'post',
      path: '/api/import/info',
      operationId: 'getImportInfo',
      summary: 'What the import accepts: entities, formats, fields and header mappings',
      tag,
      auth: 'user',
    },
    () => importInfo,
  ),
];

/** /api/import: uploads checked here, imported by the import job, the answer waited for. */
export function buildImportsRouter(deps: ImportsRouterDeps): Router {
  return registerRoutes(Router(), deps.kit, IMPORT_ROUTES, importHandlers(deps), deps);
}
