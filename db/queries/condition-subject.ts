import { type Sequelize } from 'sequelize-typescript';
import { Op } from 'sequelize';
import { Contact } from '../models/Contact';
import { Invoice } from '../models/Invoice';
import { Quote } from '../models/Quote';
import { Session } from '../models/Session';
import { UserSessionType } from '../models/UserSessionType';
import { type DomainEntityType } from '../../domain/events/domain-event';
import { sessionContactsFacts } from '../../domain/sessions/session-people';
import { listSessionContacts, listSessionContactsOfMany } from './session-contacts';

const plain = <T extends { get(options: { plain: true }): unknown }>(row: T | null) =>
  row ? (row.get({ plain: true }) as Record<string, unknown>) : null;

/**
 * The entity a trigger's conditions read, as plain data with the relations the condition fields
 * name (domain/workflow-triggers/fields.ts): a session with its contact, session type and session
 * contacts (count, roles, names, emails), a quote
 * or invoice with its contact and session. The owner's only; null when it no longer exists.
 */
export async function loadConditionSubject(
  sequelize: Sequelize,
  entityType: DomainEntityType,
  id: string,
  ownerId: string,
): Promise<Record<string, unknown> | null> {
  switch (entityType) {
    case 'CONTACT':
      return plain(await Contact.findOne({ where: { id, owner_id: ownerId } }));
    case 'SESSION': {
      const session = plain(await Session.findOne({ where: { id, owner_id: ownerId } }));
      if (!session) return null;
      const [contact, sessionType, attached] = await Promise.all([
        session.contact_id ? Contact.findOne({ where: { id: session.contact_id as string, owner_id: ownerId } }) : null,
        // A session's type is the studio's own or a system one (owner NULL), as sessions accept.
        session.user_session_type_id
          ? UserSessionType.findOne({
              where: {
                id: session.user_session_type_id as string,
                [Op.or]: [{ owner_id: ownerId }, { owner_id: null }],
              },
            })
          : null,
        listSessionContacts(sequelize, ownerId, id),
      ]);
      return {
        ...session,
        contact: plain(contact),
        user_session_type: plain(sessionType),
        session_contacts: sessionContactsFacts(attached),
      };
    }
    case 'QUOTE':
    case 'INVOICE': {
      const model = entityType === 'QUOTE' ? Quote : Invoice;
      const document = plain(await (model as typeof Quote).findOne({ where: { id, owner_id: ownerId } }));
      if (!document) return null;
      const [contact, session] = await Promise.all([
        document.contact_id
          ? Contact.findOne({ where: { id: document.contact_id as string, owner_id: ownerId } })
          : null,
        document.session_id
          ? Session.findOne({ where: { id: document.session_id as string, owner_id: ownerId } })
          : null,
      ]);
      // An invoice is overdue once the overdue scan saw it so (overdue_at), while something is still due.
      const overdue =
        entityType === 'INVOICE'
          ? {
              is_overdue:
                document.overdue_at != null && document.status === 'ISSUED' && Number(document.balance_due) > 0,
            }
          : {};
      return { ...document, ...overdue, contact: plain(contact), session: plain(session) };
    }
  }
}

const byId = <T extends { get(options: { plain: true }): unknown }>(rows: T[]) =>
  new Map(
    rows.map((r) => {
      const p = plain(r) as Record<string, unknown>;
      return [p.id as string, p];
    }),
  );
const distinct = (values: unknown[]) => [...new Set(values.filter((v): v is string => typeof v === 'string'))];

/**
 * loadConditionSubject for a page of entities at once (a SCHEDULED trigger's firing): the same
 * subjects, with a handful of statements per page instead of a few per entity. The owner's only;
 * an id missing from the map no longer exists.
 */
export async function loadConditionSubjects(
  sequelize: Sequelize,
  entityType: DomainEntityType,
  ids: readonly string[],
  ownerId: string,
): Promise<Map<string, Record<string, unknown>>> {
  if (!ids.length) return new Map();
  const where = { id: [...ids], owner_id: ownerId };
  switch (entityType) {
    case 'CONTACT':
      return byId(await Contact.findAll({ where }));
    case 'SESSION': {
      const sessions = byId(await Session.findAll({ where }));
      const all = [...sessions.values()];
      const [contacts, types, attached] = await Promise.all([
        Contact.findAll({ where: { id: distinct(all.map((s) => s.contact_id)), owner_id: ownerId } }).then(byId),
        UserSessionType.findAll({
          where: {
            id: distinct(all.map((s) => s.user_session_type_id)),
            [Op.or]: [{ owner_id: ownerId }, { owner_id: null }],
          },
        }).then(byId),
        listSessionContactsOfMany(sequelize, ownerId, [...sessions.keys()]),
      ]);
      return new Map(
        all.map((session) => [
          session.id as string,
          {
            ...session,
            contact: (session.contact_id && contacts.get(session.contact_id as string)) || null,
            user_session_type:
              (session.user_session_type_id && types.get(session.user_session_type_id as string)) || null,
            session_contacts: sessionContactsFacts(attached.get(session.id as string) ?? []),
          },
        ]),
      );
    }
    case 'QUOTE':
    case 'INVOICE': {
      const model = entityType === 'QUOTE' ? Quote : Invoice;
      const documents = [...byId(await (model as typeof Quote).findAll({ where })).values()];
      const [contacts, sessions] = await Promise.all([
        Contact.findAll({ where: { id: distinct(documents.map((d) => d.contact_id)), owner_id: ownerId } }).then(byId),
        Session.findAll({ where: { id: distinct(documents.map((d) => d.session_id)), owner_id: ownerId } }).then(byId),
      ]);
      return new Map(
        documents.map((document) => {
          // As loadConditionSubject: overdue once the scan saw it so, while something is still due.
          const overdue =
            entityType === 'INVOICE'
              ? {
                  is_overdue:
                    document.overdue_at != null && document.status === 'ISSUED' && Number(document.balance_due) > 0,
                }
              : {};
          return [
            document.id as string,
            {
              ...document,
              ...overdue,
              contact: (document.contact_id && contacts.get(document.contact_id as string)) || null,
              session: (document.session_id && sessions.get(document.session_id as string)) || null,
            },
          ];
        }),
      );
    }
  }
}
