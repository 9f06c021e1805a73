import { Router } from 'express';
import { copyDefaultSmsTemplates } from '../../db/commands/copy-default-sms-templates';
import { createSmsTemplate } from '../../db/commands/create-sms-template';
import { deleteSmsTemplate } from '../../db/commands/delete-sms-template';
import { updateSmsTemplate } from '../../db/commands/update-sms-template';
import { findSmsTemplate, listSmsTemplates } from '../../db/queries/sms-templates';
import { type SmsTemplateRow } from '../../db/rows';
import { IdParams } from '../http/common-schemas';
import { type z } from 'zod';
import { type DataRouterDeps, type RouteContext, registerRoutes, routesFor } from '../http/route-kit';
import { CreateSmsTemplateBody, UpdateSmsTemplateBody } from './schema';

function presentSmsTemplate(t: SmsTemplateRow) {
  return {
    id: t.id,
    name: t.name,
    message: t.message,
    locale: t.locale,
    is_active: t.is_active,
    business_key: t.business_key,
    created_at: t.created_at.toISOString(),
    updated_at: t.updated_at.toISOString(),
  };
}

type SmsTemplatesHandlers = DataRouterDeps & {
  createDefaults: ReturnType<typeof createDefaultsOf>;
  update: ReturnType<typeof updateOf>;
};
const tag = 'sms templates';
const route = routesFor<SmsTemplatesHandlers, DataRouterDeps>();

const createDefaultsSummary = 'Copy the system SMS templates the studio does not have yet (idempotent)';

/** Copies the system templates of the user's language the user does not have yet (db/commands/sms-templates.ts). */
const createDefaultsOf =
  ({ sequelize }: DataRouterDeps) =>
  async ({ user }: { user: { orgId: string; locale: string } }) => {
    const { created, templates } = await copyDefaultSmsTemplates(sequelize, user.orgId, user.locale);
    return { created, templates: templates.map(presentSmsTemplate) };
  };

/** PUT and PATCH /api/sms-templates/:id (both change the fields given). */
const updateOf =
  ({ sequelize }: DataRouterDeps) =>
  async ({
    user,
    params,
    body,
  }: Pick<
    RouteContext<z.infer<typeof IdParams>, unknown, z.infer<typeof UpdateSmsTemplateBody>>,
    'user' | 'params' | 'body'
  >) =>
    presentSmsTemplate(await updateSmsTemplate(sequelize, user.orgId, params.id, body));

/** Every route of buildSmsTemplatesRouter, in the document's order. */
const SMS_TEMPLATES_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/sms-templates',
      operationId: 'listSmsTemplates',
      summary: "List the studio's SMS templates",
      tag,
      auth: 'user',
    },
    ({ sequelize }) =>
      async ({ user }) =>
        (await listSmsTemplates(sequelize, user.orgId)).map(presentSmsTemplate),
  ),

  route(
    {
      method: 'post',
      path: '/api/sms-templates',
      operationId: 'createSmsTemplate',
      summary: 'Create an SMS template',
      tag,
      auth: 'user',
      body: CreateSmsTemplateBody,
      status: 201,
    },
    ({ sequelize }) =>
      async ({ user, body }) =>
        presentSmsTemplate(await createSmsTemplate(sequelize, user, body)),
  ),

  route(
    {
      method: 'post',
      path: '/api/sms-templates/create-defaults',
      operationId: 'createDefaultSmsTemplates',
      summary: createDefaultsSummary,
      tag,
      auth: 'user',
    },
    ({ createDefaults }) => createDefaults,
  ),
  // The two aliases the spec keeps for older clients.
  route(
    {
      method: 'post',
      path: '/api/sms-templates/defaults',
      operationId: 'createDefaultSmsTemplatesAliasDefaults',
      summary: createDefaultsSummary,
      tag,
      auth: 'user',
    },
    ({ createDefaults }) => createDefaults,
  ),
  route(
    {
      method: 'post',
      path: '/api/sms-templates/defaults/create',
      operationId: 'createDefaultSmsTemplatesAliasDefaultsCreate',
      summary: createDefaultsSummary,
      tag,
      auth: 'user',
    },
    ({ createDefaults }) => createDefaults,
  ),

  route(
    {
      method: 'get',
      path: '/api/sms-templates/:id',
      operationId: 'getSmsTemplate',
      summary: 'Read an SMS template',
      tag,
      auth: 'user',
      params: IdParams,
    },
    ({ sequelize }) =>
      async ({ user, params }) =>
        presentSmsTemplate(await findSmsTemplate(sequelize, user.orgId, params.id)),
  ),

  route(
    {
      method: 'put',
      path: '/api/sms-templates/:id',
      operationId: 'updateSmsTemplate',
      summary: 'Update an SMS template (fields given are changed)',
      tag,
      auth: 'user',
      params: IdParams,
      body: UpdateSmsTemplateBody,
    },
    ({ update }) => update,
  ),
  route(
    {
      method: 'patch',
      path: '/api/sms-templates/:id',
      operationId: 'patchSmsTemplate',
      summary: 'Update an SMS template (fields given are changed)',
      tag,
      auth: 'user',
      params: IdParams,
      body: UpdateSmsTemplateBody,
    },
    ({ update }) => update,
  ),

  route(
    {
      method: 'delete',
      path: '/api/sms-templates/:id',
      operationId: 'deleteSmsTemplate',
      summary: 'Delete an SMS template (tasks using it fall back to their own text)',
      tag,
      auth: 'user',
      params: IdParams,
      status: 204,
    },
    ({ sequelize }) =>
      async ({ user, params }) => {
        await deleteSmsTemplate(sequelize, user.orgId, params.id);
      },
  ),
];

/** /api/sms-templates: the studio's SMS texts, and copies of the system ones (create-defaults). */
export function buildSmsTemplatesRouter(deps: DataRouterDeps): Router {
  const handlers: SmsTemplatesHandlers = {
    ...deps,
    createDefaults: createDefaultsOf(deps),
    update: updateOf(deps),
  };
  return registerRoutes(Router(), deps.kit, SMS_TEMPLATES_ROUTES, handlers, deps);
}
