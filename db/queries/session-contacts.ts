import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

/** A contact attached to a session beside its main contact, with what the studio reads of it. */
export interface SessionContactRow {
  contact_id: string;
  role: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone_number: string | null;
  created_at: Date;
}

/**
 * The session's other contacts, in the order they were added (the order invitations and tasks
 * try them in, after the main contact). The caller has checked the session is the owner's; the
 * join on the contact's owner keeps anything else out all the same.
 */
export async function listSessionContacts(
  sequelize: Sequelize,
  ownerId: string,
  sessionId: string,
): Promise<SessionContactRow[]> {
  return sequelize.query<SessionContactRow>(
    `SELECT sc.contact_id, sc.role, c.first_name, c.last_name, c.email, c.phone_number, sc.created_at
       FROM session_contacts sc JOIN contacts c ON c.id = sc.contact_id AND c.owner_id = $1
      WHERE sc.session_id = $2
      ORDER BY sc.created_at, sc.contact_id`,
    { bind: [ownerId, sessionId], type: QueryTypes.SELECT },
  );
}

/** The other contacts of several sessions at once (a SCHEDULED trigger's page), each with its session, in the order listSessionContacts gives. */
export async function listSessionContactsOfMany(
  sequelize: Sequelize,
  ownerId: string,
  sessionIds: readonly string[],
): Promise<Map<string, SessionContactRow[]>> {
  const rows = await sequelize.query<SessionContactRow & { session_id: string }>(
    `SELECT sc.session_id::text, sc.contact_id, sc.role, c.first_name, c.last_name, c.email, c.phone_number, sc.created_at
       FROM session_contacts sc JOIN contacts c ON c.id = sc.contact_id AND c.owner_id = $1
      WHERE sc.session_id = ANY($2::uuid[])
      ORDER BY sc.session_id, sc.created_at, sc.contact_id`,
    { bind: [ownerId, sessionIds], type: QueryTypes.SELECT },
  );
  const bySession = new Map<string, SessionContactRow[]>();
  for (const { session_id, ...row } of rows) bySession.set(session_id, [...(bySession.get(session_id) ?? []), row]);
  return bySession;
}
