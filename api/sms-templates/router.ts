import { Router } from 'express';
import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { SmsTemplate } from '../../db/models/SmsTemplate';
import { NotFoundError } from '../../domain/errors';
import { IdParams } from '../http/common-schemas';
import { type createRouteKit } from '../http/route-kit';
import { CreateSmsTemplateBody, UpdateSmsTemplateBody } from './schema';

function presentSmsTemplate(t: SmsTemplate) {
  return { id: t.id, name: t.name, message: t.message, locale: t.locale, is_active: t.is_active, business_key: t.business_key, created_at: t.created_at.toISOString(), updated_at: t.updated_at.toISOString() };
}

async function findOwnedTemplate(id: string, ownerId: string): Promise<SmsTemplate> {
  const template = await SmsTemplate.findOne({ where: { id, owner_id: ownerId } });
  if (!template) throw new NotFoundError('SMS template');
  return template;
}

/** /api/sms-templates: the studio's SMS texts, and copies of the system ones (create-defaults). */
export function buildSmsTemplatesRouter({ sequelize, kit }: { sequelize: Sequelize; kit: ReturnType<typeof createRouteKit> }): Router {
  const router = Router();
  const tag = 'sms templates';

  kit.route(router, { method: 'get', path: '/api/sms-templates', summary: "List the studio's SMS templates", tag, auth: 'user' }, async ({ user }) =>
    (await SmsTemplate.findAll({ where: { owner_id: user.id }, order: [['created_at', 'DESC'], ['id', 'DESC']], limit: 500 })).map(presentSmsTemplate),
  );

  kit.route(router, { method: 'post', path: '/api/sms-templates', summary: 'Create an SMS template', tag, auth: 'user', body: CreateSmsTemplateBody, status: 201 }, async ({ user, body }) =>
    presentSmsTemplate(await SmsTemplate.create({ ...body, locale: body.locale ?? user.locale, owner_id: user.id })),
  );

  /**
   * Copies the system templates of the user's language that the user does not have yet (same
   * business key): idempotent, and safe when called twice at once (a unique index decides).
   * Templates the user already has, edited or not, are left as they are.
   */
  const createDefaults = async ({ user }: { user: { id: string; locale: string } }) => {
    const created = await sequelize.query<{ id: string }>(
      `INSERT INTO sms_templates (owner_id, business_key, name, message, locale, is_active)
       SELECT $1, business_key, name, message, locale, true FROM sms_templates WHERE owner_id IS NULL AND locale = $2
       ON CONFLICT (owner_id, business_key, locale) WHERE owner_id IS NOT NULL AND business_key IS NOT NULL DO NOTHING
       RETURNING id`,
      { bind: [user.id, user.locale], type: QueryTypes.SELECT },
    );
    const templates = await SmsTemplate.findAll({ where: { owner_id: user.id }, order: [['created_at', 'ASC'], ['id', 'ASC']], limit: 500 });
    return { created: created.length, templates: templates.map(presentSmsTemplate) };
  };
  // The canonical path and the two aliases the spec keeps for older clients.
  for (const path of ['/api/sms-templates/create-defaults', '/api/sms-templates/defaults', '/api/sms-templates/defaults/create']) {
    kit.route(router, { method: 'post', path, summary: 'Copy the system SMS templates the studio does not have yet (idempotent)', tag, auth: 'user' }, createDefaults);
  }

  kit.route(router, { method: 'get', path: '/api/sms-templates/:id', summary: 'Read an SMS template', tag, auth: 'user', params: IdParams }, async ({ user, params }) =>
    presentSmsTemplate(await findOwnedTemplate(params.id, user.id)),
  );

  for (const method of ['put', 'patch'] as const) {
    kit.route(router, { method, path: '/api/sms-templates/:id', summary: 'Update an SMS template (fields given are changed)', tag, auth: 'user', params: IdParams, body: UpdateSmsTemplateBody }, async ({ user, params, body }) => {
      const template = await findOwnedTemplate(params.id, user.id);
      return presentSmsTemplate(await template.update(body));
    });
  }

  kit.route(router, { method: 'delete', path: '/api/sms-templates/:id', summary: 'Delete an SMS template (tasks using it fall back to their own text)', tag, auth: 'user', params: IdParams, status: 204 }, async ({ user, params }) => {
    await (await findOwnedTemplate(params.id, user.id)).destroy();
  });

  return router;
}
