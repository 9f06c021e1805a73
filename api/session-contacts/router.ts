import { Router } from 'express';
import { addSessionContact, removeSessionContact } from '../../db/commands/session-contacts';
import { listSessionContacts } from '../../db/queries/session-contacts';
import { findSession } from '../../db/queries/sessions';
import { IdParams } from '../http/common-schemas';
import { type DataRouterDeps } from '../http/route-kit';
import { presentSessionContact } from './presenter';
import { AddSessionContactBody, SessionContactParams, SessionContactsView } from './schema';

/**
 * /api/sessions/:id/contacts: the people of a session beside its main contact (`contact_id`),
 * e.g. both partners of a wedding. Invitations and tasks try the main contact, then these in order.
 */
export function buildSessionContactsRouter({ sequelize, kit }: DataRouterDeps): Router {
  const router = Router();
  const tag = 'sessions';
  const list = async (ownerId: string, sessionId: string) => {
    const session = await findSession(sequelize, ownerId, sessionId);
    return {
      main_contact_id: session.contact_id,
      items: (await listSessionContacts(sequelize, ownerId, sessionId)).map(presentSessionContact),
    };
  };

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/sessions/:id/contacts',
      operationId: 'listSessionContacts',
      summary: "The session's contacts beside its main contact, in the order they were added",
      tag,
      auth: 'user',
      params: IdParams,
      response: SessionContactsView,
    },
    async ({ user, params }) => list(user.orgId, params.id),
  );

  kit.route(
    router,
    {
      method: 'post',
      path: '/api/sessions/:id/contacts',
      operationId: 'attachSessionContact',
      errors: ['session_contact_exists', 'contact_erased'],
      summary: 'Attach one of your contacts to the session with a role (409 when attached already or the main contact)',
      tag,
      auth: 'user',
      params: IdParams,
      body: AddSessionContactBody,
      response: SessionContactsView,
      status: 201,
    },
    async ({ user, params, body, req }) => {
      await addSessionContact(
        sequelize,
        user.orgId,
        params.id,
        { contact_id: body.contact_id, role: body.role ?? null },
        req.requestId,
      );
      return list(user.orgId, params.id);
    },
  );

  kit.route(
    router,
    {
      method: 'delete',
      path: '/api/sessions/:id/contacts/:contactId',
      operationId: 'detachSessionContact',
      summary: 'Detach a contact from the session (the contact itself stays)',
      tag,
      auth: 'user',
      params: SessionContactParams,
      status: 204,
    },
    async ({ user, params, req }) => {
      await removeSessionContact(sequelize, user.orgId, params.id, params.contactId, req.requestId);
    },
  );

  return router;
}
