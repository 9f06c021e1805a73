import { Router } from 'express';
import { z } from 'zod';
import { createBaseTemplate } from '../../db/commands/create-base-session-info-template';
import { deleteBaseField } from '../../db/commands/delete-base-session-info-field';
import { updateBaseTemplate } from '../../db/commands/update-base-session-info-template';
import { listBaseTemplates, loadBaseTemplate } from '../../db/queries/session-info-templates';
import { IdParams } from '../http/common-schemas';
import { type DataRouterDeps, registerRoutes, routesFor } from '../http/route-kit';
import { presentBaseTemplate } from './presenter';
import { BaseTemplateBody, BaseTemplateUpdateBody, FieldParams, TemplateView } from './schema';

const tag = 'admin';
const route = routesFor<DataRouterDeps, DataRouterDeps>();

/** Every route of buildAdminSessionInfoTemplatesRouter, in the document's order. */
const ADMIN_SESSION_INFO_TEMPLATES_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/admin/default-session-info-templates',
      operationId: 'adminListBaseSessionInfoTemplates',
      summary: 'List base session info templates',
      tag,
      auth: 'admin',
      response: z.array(TemplateView),
    },
    ({ sequelize }) =>
      async () => {
        const rows = await listBaseTemplates(sequelize);
        return rows.map(presentBaseTemplate);
      },
  ),

  route(
    {
      method: 'post',
      path: '/api/admin/default-session-info-templates',
      operationId: 'adminCreateBaseSessionInfoTemplate',
      summary: 'Create a base session info template',
      tag,
      auth: 'admin',
      body: BaseTemplateBody,
      response: TemplateView,
      status: 201,
    },
    ({ sequelize }) =>
      async ({ body }) =>
        presentBaseTemplate(await createBaseTemplate(sequelize, body)),
  ),

  route(
    {
      method: 'get',
      path: '/api/admin/default-session-info-templates/:id',
      operationId: 'adminGetBaseSessionInfoTemplate',
      summary: 'Read a base session info template',
      tag,
      auth: 'admin',
      params: IdParams,
      response: TemplateView,
    },
    ({ sequelize }) =>
      async ({ params }) =>
        presentBaseTemplate(await loadBaseTemplate(sequelize, params.id)),
  ),

  route(
    {
      method: 'put',
      path: '/api/admin/default-session-info-templates/:id',
      operationId: 'adminUpdateBaseSessionInfoTemplate',
      summary: 'Update a base template; fields given are upserted by field_key',
      tag,
      auth: 'admin',
      params: IdParams,
      body: BaseTemplateUpdateBody,
      response: TemplateView,
    },
    ({ sequelize }) =>
      async ({ params, body }) =>
        presentBaseTemplate(await updateBaseTemplate(sequelize, params.id, body)),
  ),

  route(
    {
      method: 'delete',
      path: '/api/admin/default-session-info-templates/:id/fields/:fieldId',
      operationId: 'adminDeleteBaseSessionInfoTemplateField',
      summary: 'Delete a base template field',
      tag,
      auth: 'admin',
      params: FieldParams,
      status: 204,
    },
    ({ sequelize }) =>
      async ({ params }) => {
        await deleteBaseField(sequelize, params.id, params.fieldId);
      },
  ),
];

/**
 * /api/admin/default-session-info-templates: the base questionnaires every user gets a copy of.
 * No DELETE of a template (spec): that path has no route and answers 404 like any unknown path.
 */
export function buildAdminSessionInfoTemplatesRouter(deps: DataRouterDeps): Router {
  return registerRoutes(Router(), deps.kit, ADMIN_SESSION_INFO_TEMPLATES_ROUTES, deps, deps);
}
