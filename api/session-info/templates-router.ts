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
import { type DataRouterDeps, registerRoutes, routesFor } from '../http/route-kit';
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

const tag = 'session-info';
const route = routesFor<DataRouterDeps, DataRouterDeps>();

/** Every route of buildSessionInfoTemplatesRouter, in the document's order. */
const SESSION_INFO_TEMPLATES_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/session-info/templates',
      operationId: 'listSessionInfoTemplates',
      summary: 'List my session info templates',
      tag,
      auth: 'user',
      response: z.array(TemplateView),
    },
    ({ sequelize }) =>
      async ({ user }) => {
        const rows = await listUserTemplates(sequelize, user.orgId);
        return rows.map(presentUserTemplate);
      },
  ),

  // The fixed paths are declared before /:id so `/base` is not read as an id.
  route(
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
    ({ sequelize }) =>
      async ({ query }) => {
        const rows = await listBaseTemplates(sequelize, query);
        return rows.map(presentBaseTemplate);
      },
  ),

  route(
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
    ({ sequelize }) =>
      async ({ user }) => {
        const counts = await createDefaults(sequelize, user.orgId, user.locale);
        const rows = await listUserTemplates(sequelize, user.orgId, 'by-order');
        return { ...counts, templates: rows.map(presentUserTemplate) };
      },
  ),

  route(
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
    ({ sequelize }) =>
      async ({ user, params }) =>
        presentUserTemplate(await createFromBase(sequelize, user.orgId, params.baseTemplateId)),
  ),

  route(
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
    ({ sequelize }) =>
      async ({ user, body }) =>
        presentUserTemplate(await createUserTemplate(sequelize, user.orgId, body)),
  ),

  route(
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
    ({ sequelize }) =>
      async ({ user, params }) =>
        presentUserTemplate(await loadUserTemplate(sequelize, params.id, user.orgId)),
  ),

  route(
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
    ({ sequelize }) =>
      async ({ user, params, body }) =>
        presentUserTemplate(await updateUserTemplate(sequelize, user.orgId, params.id, body)),
  ),

  route(
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
    ({ sequelize }) =>
      async ({ user, params }) => {
        await deleteUserTemplate(sequelize, user.orgId, params.id);
      },
  ),

  route(
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
    ({ sequelize }) =>
      async ({ user, params, body }) =>
        presentField(await addUserField(sequelize, user.orgId, params.id, body)),
  ),

  route(
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
    ({ sequelize }) =>
      async ({ user, params, body }) =>
        presentField(await updateUserField(sequelize, user.orgId, params.id, params.fieldId, body)),
  ),

  route(
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
    ({ sequelize }) =>
      async ({ user, params }) => {
        await deleteUserField(sequelize, user.orgId, params.id, params.fieldId);
      },
  ),
];

/** /api/session-info/templates: the user's questionnaires and their fields. */
export function buildSessionInfoTemplatesRouter(deps: DataRouterDeps): Router {
  return registerRoutes(Router(), deps.kit, SESSION_INFO_TEMPLATES_ROUTES, deps, deps);
}
