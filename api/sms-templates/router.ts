import { Router } from 'express';
import { copyDefaultSmsTemplates } from '../../db/commands/copy-default-sms-templates';
import { createSmsTemplate } from '../../db/commands/create-sms-template';
import { deleteSmsTemplate } from '../../db/commands/delete-sms-template';
import { updateSmsTemplate } from '../../db/commands/update-sms-template';
import { findSmsTemplate, listSmsTemplates } from '../../db/queries/sms-templates';
import { type SmsTemplateRow } from '../../db/rows';
import { IdParams } from '../http/common-schemas';
import { type z } from 'zod';
import { type DataRouterDeps, type RouteContext } from '../http/route-kit';
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

/** /api/sms-templates: the studio's SMS texts, and copies of the system ones (create-defaults). */
export function buildSmsTemplatesRouter({ sequelize, kit }: DataRouterDeps): Router {
  const router = Router();
  const tag = 'sms templates';

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/sms-templates',
      operationId: 'listSmsTemplates',
      summary: "List the studio's SMS templates",
      tag,
      auth: 'user',
    },
    async ({ user }) => (await listSmsTemplates(sequelize, user.id)).map(presentSmsTemplate),
  );

  kit.route(
    router,
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
    async ({ user, body }) => presentSmsTemplate(await createSmsTemplate(sequelize, user, body)),
  );

  /** Copies the system templates of the user's language the user does not have yet (db/commands/sms-templates.ts). */
  const createDefaults = async ({ user }: { user: { id: string; locale: string } }) => {
    const { created, templates } = await copyDefaultSmsTemplates(sequelize, user.id, user.locale);
    return { created, templates: templates.map(presentSmsTemplate) };
  };
  const createDefaultsSummary = 'Copy the system SMS templates the studio does not have yet (idempotent)';
  kit.route(
    router,
    {
      method: 'post',
      path: '/api/sms-templates/create-defaults',
      operationId: 'createDefaultSmsTemplates',
      summary: createDefaultsSummary,
      tag,
      auth: 'user',
    },
    createDefaults,
  );
  // The two aliases the spec keeps for older clients.
  kit.route(
    router,
    {
      method: 'post',
      path: '/api/sms-templates/defaults',
      operationId: 'createDefaultSmsTemplatesAliasDefaults',
      summary: createDefaultsSummary,
      tag,
      auth: 'user',
    },
    createDefaults,
  );
  kit.route(
    router,
    {
      method: 'post',
      path: '/api/sms-templates/defaults/create',
      operationId: 'createDefaultSmsTemplatesAliasDefaultsCreate',
      summary: createDefaultsSummary,
      tag,
      auth: 'user',
    },
    createDefaults,
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/sms-templates/:id',
      operationId: 'getSmsTemplate',
      summary: 'Read an SMS template',
      tag,
      auth: 'user',
      params: IdParams,
    },
    async ({ user, params }) => presentSmsTemplate(await findSmsTemplate(sequelize, user.id, params.id)),
  );

  /** PUT and PATCH /api/sms-templates/:id (both change the fields given). */
  const update = async ({
    user,
    params,
    body,
  }: Pick<
    RouteContext<z.infer<typeof IdParams>, unknown, z.infer<typeof UpdateSmsTemplateBody>>,
    'user' | 'params' | 'body'
  >) => presentSmsTemplate(await updateSmsTemplate(sequelize, user.id, params.id, body));
  kit.route(
    router,
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
    update,
  );
  kit.route(
    router,
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
    update,
  );

  kit.route(
    router,
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
    async ({ user, params }) => {
      await deleteSmsTemplate(sequelize, user.id, params.id);
    },
  );

  return router;
}
