import { Router } from 'express';
import { z } from 'zod';
import { createExportTemplate } from '../../db/commands/create-export-template';
import { deleteExportTemplate } from '../../db/commands/delete-export-template';
import { updateExportTemplate } from '../../db/commands/update-export-template';
import { findDefaultExportTemplate, findExportTemplate, listExportTemplates } from '../../db/queries/export-templates';
import { type IdBodyContext, IdParams } from '../http/common-schemas';
import { type DataRouterDeps, registerRoutes, routesFor } from '../http/route-kit';
import { presentExportTemplate } from './presenter';
import { CreateExportTemplateBody, DefaultTemplateQuery, ExportTemplateView, UpdateExportTemplateBody } from './schema';

const tag = 'export-templates';
const route = routesFor<DataRouterDeps, DataRouterDeps>();

/** PUT and PATCH /api/export-templates/:id (both change the fields given). */
const update =
  ({ sequelize }: DataRouterDeps) =>
  async ({ user, params, body }: IdBodyContext<z.infer<typeof UpdateExportTemplateBody>>) =>
    presentExportTemplate(await updateExportTemplate(sequelize, user.orgId, params.id, body));

/** Every route of buildExportTemplatesRouter, in the document's order. */
const EXPORT_TEMPLATES_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/export-templates',
      operationId: 'listExportTemplates',
      summary: 'List export templates',
      tag,
      auth: 'user',
      response: z.array(ExportTemplateView),
    },
    ({ sequelize }) =>
      async ({ user }) => {
        const rows = await listExportTemplates(sequelize, user.orgId);
        return rows.map(presentExportTemplate);
      },
  ),

  // Declared before /:id so `default` is not read as an id.
  route(
    {
      method: 'get',
      path: '/api/export-templates/default',
      operationId: 'getDefaultExportTemplate',
      summary: 'The default template for an entity and format, or null',
      tag,
      auth: 'user',
      query: DefaultTemplateQuery,
      response: ExportTemplateView.nullable(),
    },
    ({ sequelize }) =>
      async ({ user, query }) => {
        const row = await findDefaultExportTemplate(sequelize, user.orgId, query.entity, query.format);
        return row ? presentExportTemplate(row) : null;
      },
  ),

  route(
    {
      method: 'post',
      path: '/api/export-templates',
      operationId: 'createExportTemplate',
      summary: 'Create an export template',
      tag,
      auth: 'user',
      body: CreateExportTemplateBody,
      response: ExportTemplateView,
      status: 201,
    },
    ({ sequelize }) =>
      async ({ user, body }) =>
        presentExportTemplate(await createExportTemplate(sequelize, user.orgId, body)),
  ),

  route(
    {
      method: 'get',
      path: '/api/export-templates/:id',
      operationId: 'getExportTemplate',
      summary: 'Read an export template',
      tag,
      auth: 'user',
      params: IdParams,
      response: ExportTemplateView,
    },
    ({ sequelize }) =>
      async ({ user, params }) =>
        presentExportTemplate(await findExportTemplate(sequelize, user.orgId, params.id)),
  ),

  route(
    {
      method: 'put',
      path: '/api/export-templates/:id',
      operationId: 'updateExportTemplate',
      summary: 'Update an export template (fields given are changed)',
      tag,
      auth: 'user',
      params: IdParams,
      body: UpdateExportTemplateBody,
      response: ExportTemplateView,
    },
    update,
  ),
  route(
    {
      method: 'patch',
      path: '/api/export-templates/:id',
      operationId: 'patchExportTemplate',
      summary: 'Update an export template (fields given are changed)',
      tag,
      auth: 'user',
      params: IdParams,
      body: UpdateExportTemplateBody,
      response: ExportTemplateView,
    },
    update,
  ),

  route(
    {
      method: 'delete',
      path: '/api/export-templates/:id',
      operationId: 'deleteExportTemplate',
      summary: 'Delete an export template',
      tag,
      auth: 'user',
      params: IdParams,
      status: 204,
    },
    ({ sequelize }) =>
      async ({ user, params }) => {
        await deleteExportTemplate(sequelize, user.orgId, params.id);
      },
  ),
];

/** PUT and PATCH /api/export-templates/:id (both change the fields given). */ export function buildExportTemplatesRouter(
  deps: DataRouterDeps,
): Router {
  return registerRoutes(Router(), deps.kit, EXPORT_TEMPLATES_ROUTES, deps, deps);
}
