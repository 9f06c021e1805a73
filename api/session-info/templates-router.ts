import { Router } from 'express';
import { z } from 'zod';
import { addUserField } from '../../db/commands/add-session-info-field';
import { createDefaults } from '../../db/commands/create-default-session-info-templates';
import { createFromBase } from '../../db/commands/create-session-info-template-from-base';
import { createUserTemplate } from '../../db/commands/create-session-info-template';
import { deleteUserTemplate } from '../../db/commands/delete-session-info-template';
import { deleteUserField } from '../../db/commands/delete-session-info-field';
import { updateUserField } from '../../db/commands/update-session-info-field';
import { updateUserTemplate } from '../../db/commands/update-session-info-template';
import { listBaseTemplates, listUserTemplates, loadUserTemplate } from '../../db/queries/session-info-templates';
import { IdParams } from '../http/common-schemas';
import { type DataRouterDeps } from '../http/route-kit';
import { presentBaseTemplate, presentField, presentUserTemplate } from './presenter';
import {
  BaseIdParams,
  BaseListQuery,
  FieldBody,
  FieldParams,
  FieldUpdateBody,
  FieldView,
  TemplateBody,
  TemplateUpdateBody,
  TemplateView,
} from './schema';

/** /api/session-info/templates: the user's questionnaires and their fields. */
export function buildSessionInfoTemplatesRouter({ sequelize, kit }: DataRouterDeps): Router {
  const router = Router();
  const tag = 'session-info';

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/session-info/templates',
      operationId: 'listSessionInfoTemplates',
      summary: 'List my session info templates',
      tag,
      auth: 'user',
      response: z.array(TemplateView),
    },
    async ({ user }) => {
      const rows = await listUserTemplates(sequelize, user.id);
      return rows.map(presentUserTemplate);
    },
  );

  // The fixed paths are declared before /:id so `/base` is not read as an id.
  kit.route(
    router,
    {
      method: 'get',
      path: '/api/session-info/templates/base',
      operationId: 'listBaseSessionInfoTemplates',
      summary: 'List the base templates a copy can be made from',
      tag,
      auth: 'user',
      query: BaseListQuery,
      response: z.array(TemplateView),
    },
    async ({ query }) => {
      const rows = await listBaseTemplates(sequelize, query);
      return rows.map(presentBaseTemplate);
    },
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/session-info/templates/create-defaults',
      operationId: 'createDefaultSessionInfoTemplates',
      summary: 'Copy missing base templates and add new base fields to my copies (never changes my fields)',
      tag,
      auth: 'user',
      response: z.object({
        created: z.number().int(),
        fields_added: z.number().int(),
        templates: z.array(TemplateView),
      }),
    },
    async ({ user }) => {
      const counts = await createDefaults(sequelize, user.id, user.locale);
      const rows = await listUserTemplates(sequelize, user.id, 'by-order');
      return { ...counts, templates: rows.map(presentUserTemplate) };
    },
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/session-info/templates/from-base/:baseTemplateId',
      operationId: 'createSessionInfoTemplateFromBase',
      summary:
        'Create a new template copied from a base template (named after it, with a suffix when the name is taken)',
      tag,
      auth: 'user',
      params: BaseIdParams,
      response: TemplateView,
      status: 201,
    },
    async ({ user, params }) => presentUserTemplate(await createFromBase(sequelize, user.id, params.baseTemplateId)),
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/session-info/templates',
      operationId: 'createSessionInfoTemplate',
      summary: 'Create a session info template',
      tag,
      auth: 'user',
      body: TemplateBody,
      response: TemplateView,
      status: 201,
    },
    async ({ user, body }) => presentUserTemplate(await createUserTemplate(sequelize, user.id, body)),
  );

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/session-info/templates/:id',
      operationId: 'getSessionInfoTemplate',
      summary: 'Read a session info template',
      tag,
      auth: 'user',
      params: IdParams,
      response: TemplateView,
    },
    async ({ user, params }) => presentUserTemplate(await loadUserTemplate(sequelize, params.id, user.id)),
  );

  kit.route(
    router,
    {
      method: 'put',
      path: '/api/session-info/templates/:id',
      operationId: 'updateSessionInfoTemplate',
      summary: 'Update a session info template (name, description, order)',
      tag,
      auth: 'user',
      params: IdParams,
      body: TemplateUpdateBody,
      response: TemplateView,
    },
    async ({ user, params, body }) =>
      presentUserTemplate(await updateUserTemplate(sequelize, user.id, params.id, body)),
  );

  kit.route(
    router,
    {
      method: 'delete',
      path: '/api/session-info/templates/:id',
      operationId: 'deleteSessionInfoTemplate',
      summary: 'Delete a session info template',
      tag,
      auth: 'user',
      params: IdParams,
      status: 204,
    },
    async ({ user, params }) => {
      await deleteUserTemplate(sequelize, user.id, params.id);
    },
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/session-info/templates/:id/fields',
      operationId: 'createSessionInfoTemplateField',
      summary: 'Add a field',
      tag,
      auth: 'user',
      params: IdParams,
      body: FieldBody,
      response: FieldView,
      status: 201,
    },
    async ({ user, params, body }) => presentField(await addUserField(sequelize, user.id, params.id, body)),
  );

  kit.route(
    router,
    {
      method: 'put',
      path: '/api/session-info/templates/:id/fields/:fieldId',
      operationId: 'updateSessionInfoTemplateField',
      summary: 'Update a field (fields given are changed)',
      tag,
      auth: 'user',
      params: FieldParams,
      body: FieldUpdateBody,
      response: FieldView,
    },
    async ({ user, params, body }) =>
      presentField(await updateUserField(sequelize, user.id, params.id, params.fieldId, body)),
  );

  kit.route(
    router,
    {
      method: 'delete',
      path: '/api/session-info/templates/:id/fields/:fieldId',
      operationId: 'deleteSessionInfoTemplateField',
      summary: 'Delete a field',
      tag,
      auth: 'user',
      params: FieldParams,
      status: 204,
    },
    async ({ user, params }) => {
      await deleteUserField(sequelize, user.id, params.id, params.fieldId);
    },
  );

  return router;
}
