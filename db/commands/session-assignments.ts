import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { type Assignment, checkAssignments, newAssignments } from '../../domain/teams/assignments';
import { listSessionAssignments, type SessionAssignmentRow } from '../queries/session-assignments';
import { recordDomainEvent } from './record-domain-event';
import { selectRows as rows } from '../select-rows';

interface MemberFacts {
  user_id: string;
  name: string | null;
  email: string;
}

/**
 * Writes a session's assignments from `before` to `after` in the caller's transaction, and one
 * SESSION_ASSIGNED event per member newly on it or in a new role (its payload names them, which
 * trigger conditions read as `assigned.*`).
 */
async function writeAssignments(
  sequelize: Sequelize,
  transaction: Transaction,
  at: { orgId: string; sessionId: string; requestId?: string },
  before: readonly Assignment[],
  after: readonly Assignment[],
  members: ReadonlyMap<string, MemberFacts>,
): Promise<void> {
  await rows(
    sequelize,
    'DELETE FROM session_assignments WHERE session_id = $1 RETURNING id',
    [at.sessionId],
    transaction,
  );
  if (after.length)
    await rows(
      sequelize,
      `INSERT INTO session_assignments (owner_id, session_id, user_id, role)
       SELECT $1, $2, a.user_id, a.role FROM unnest($3::uuid[], $4::varchar[]) AS a(user_id, role) RETURNING id`,
      [at.orgId, at.sessionId, after.map((a) => a.user_id), after.map((a) => a.role)],
      transaction,
    );
  for (const added of newAssignments(before, after)) {
    const member = members.get(added.user_id);
    await recordDomainEvent(
      sequelize,
      {
        eventType: 'SESSION_ASSIGNED',
        entityType: 'SESSION',
        entityId: at.sessionId,
        ownerId: at.orgId,
        payload: { assigned: { user_id: added.user_id, role: added.role, name: member?.name, email: member?.email } },
        requestId: at.requestId,
      },
      transaction,
    );
  }
}

async function studioMembers(sequelize: Sequelize, orgId: string, transaction: Transaction) {
  const members = await rows<MemberFacts>(
    sequelize,
    'SELECT u.id AS user_id, u.name, u.email FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.org_id = $1',
    [orgId],
    transaction,
  );
  return new Map(members.map((m) => [m.user_id, m]));
}

/**
 * Replaces the members assigned to one of the studio's sessions (404 'Session' otherwise), under
 * the session's lock: domain/teams/assignments.ts checks the list against the studio's members.
 */
export function replaceSessionAssignments(
  sequelize: Sequelize,
  orgId: string,
  sessionId: string,
  assignments: readonly Assignment[],
  requestId?: string,
): Promise<SessionAssignmentRow[]> {
  return sequelize.transaction(async (transaction) => {
    const [session] = await rows<{ id: string }>(
      sequelize,
      'SELECT id FROM sessions WHERE id = $1 AND owner_id = $2 FOR UPDATE',
      [sessionId, orgId],
      transaction,
    );
    if (!session) throw new NotFoundError('Session');
    const members = await studioMembers(sequelize, orgId, transaction);
    const before = await rows<Assignment>(
      sequelize,
      'SELECT user_id, role FROM session_assignments WHERE session_id = $1',
      [sessionId],
      transaction,
    );
    const after = checkAssignments(assignments, new Set(members.keys()));
    await writeAssignments(sequelize, transaction, { orgId, sessionId, requestId }, before, after, members);
    return listSessionAssignments(sequelize, orgId, sessionId, transaction);
  });
}

/** Puts the member on a session just created, in its transaction (a photographer's own session: they lead it). */
export async function assignCreator(
  sequelize: Sequelize,
  transaction: Transaction,
  at: { orgId: string; sessionId: string; requestId?: string },
  memberId: string,
): Promise<void> {
  const members = await studioMembers(sequelize, at.orgId, transaction);
  await writeAssignments(sequelize, transaction, at, [], [{ user_id: memberId, role: 'lead' }], members);
}
