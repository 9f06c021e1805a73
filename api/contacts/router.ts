import { Router } from 'express';
import { createContact } from '../../db/commands/create-contact';
import { deleteContact } from '../../db/commands/delete-contact';
import { updateContact } from '../../db/commands/update-contact';
import { findContact, listContactsJson } from '../../db/queries/contacts';
import { JsonText } from '../http/json-text';
import { assignedScope } from '../../domain/teams/assignments';
import { type z } from 'zod';
import { type DataRouterDeps, registerRoutes, routesFor } from '../http/route-kit';
import { type IdBodyContext, IdParams } from '../http/common-schemas';
import { presentContact } from './presenter';
import { ContactListQuery, ContactPage, ContactView, CreateContactBody, UpdateContactBody } from './schema';

const tag = 'contacts';
const route = routesFor<DataRouterDeps, DataRouterDeps>();

/** PUT and PATCH /api/contacts/:id (both change the fields given). */
const update =
  ({ sequelize }: DataRouterDeps) =>
  async ({ user, params, body }: IdBodyContext<z.infer<typeof UpdateContactBody>>) =>
    presentContact(await updateContact(sequelize, user.orgId, params.id, body), user.locale);

/** Every route of buildContactsRouter, in the document's order. */
const CONTACTS_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/contacts',
      operationId: 'listContacts',
      summary: 'List contacts',
      tag,
      auth: 'user',
      query: ContactListQuery,
      response: ContactPage,
    },
    ({ sequelize }) =>
      async ({ user, query }) => {
        // Written by PostgreSQL as presentContact would write each one (test/integration/contacts/list-pages-from-the-database.test.ts).
        return new JsonText(
          await listContactsJson(sequelize, user.orgId, query, user.locale, assignedScope(user.role, user.id)),
        );
      },
  ),

  route(
    {
      method: 'post',
      path: '/api/contacts',
      operationId: 'createContact',
      summary: 'Create a contact',
      tag,
      auth: 'user',
      body: CreateContactBody,
      response: ContactView,
      status: 201,
    },
    ({ sequelize }) =>
      async ({ user, body, req }) =>
        presentContact(await createContact(sequelize, user.orgId, body, req.requestId), user.locale),
  ),

  route(
    {
      method: 'get',
      path: '/api/contacts/:id',
      operationId: 'getContact',
      summary: 'Read a contact',
      tag,
      auth: 'user',
      params: IdParams,
      response: ContactView,
    },
    ({ sequelize }) =>
      async ({ user, params }) =>
        presentContact(await findContact(sequelize, user.orgId, params.id), user.locale),
  ),

  route(
    {
      method: 'put',
      path: '/api/contacts/:id',
      operationId: 'updateContact',
      summary: 'Update a contact (fields given are changed)',
      tag,
      auth: 'user',
      params: IdParams,
      body: UpdateContactBody,
      response: ContactView,
    },
    update,
  ),
  route(
    {
      method: 'patch',
      path: '/api/contacts/:id',
      operationId: 'patchContact',
      summary: 'Update a contact (fields given are changed)',
      tag,
      auth: 'user',
      params: IdParams,
      body: UpdateContactBody,
      response: ContactView,
    },
    update,
  ),

  route(
    {
      method: 'delete',
      path: '/api/contacts/:id',
      operationId: 'deleteContact',
      summary: 'Delete a contact',
      tag,
      auth: 'user',
      params: IdParams,
      status: 204,
    },
    ({ sequelize }) =>
      async ({ user, params }) => {
        await deleteContact(sequelize, user.orgId, params.id);
      },
  ),
];

/** PUT and PATCH /api/contacts/:id (both change the fields given). */ export function buildContactsRouter(
  deps: DataRouterDeps,
): Router {
  return registerRoutes(Router(), deps.kit, CONTACTS_ROUTES, deps, deps);
}
