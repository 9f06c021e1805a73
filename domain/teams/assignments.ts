import { ValidationError } from '../errors';
import { type MemberRole } from './roles';

/** A member's role on one session (issue 44 §2): the lead photographer, a second shooter, an assistant. */
export const ASSIGNMENT_ROLES = ['lead', 'second_shooter', 'assistant'] as const;
export type AssignmentRole = (typeof ASSIGNMENT_ROLES)[number];

export interface Assignment {
  user_id: string;
  role: AssignmentRole;
}

/**
 * The roles whose reach is the sessions assigned to them, not the whole studio: a photographer
 * reads and works on their sessions, those sessions' contacts, questionnaires and quotes.
 */
const ASSIGNED_ONLY: ReadonlySet<MemberRole> = new Set<MemberRole>(['photographer']);

/** The member whose assigned sessions bound what this person reaches; null: the whole studio. */
export function assignedScope(role: MemberRole, personId: string): string | null {
  return ASSIGNED_ONLY.has(role) ? personId : null;
}

/** Whether a role reaches only its assigned sessions (the route kit asks it of every operation at start). */
export function reachesAssignedOnly(role: MemberRole): boolean {
  return ASSIGNED_ONLY.has(role);
}

/**
 * Checks a session's new assignments: each member once, one lead at most, and every one a member
 * of the studio. Refuses with the offending entries' paths; answers the list as given otherwise.
 */
export function checkAssignments(assignments: readonly Assignment[], members: ReadonlySet<string>): Assignment[] {
  const details: { path: string; message: string }[] = [];
  const seen = new Set<string>();
  let leads = 0;
  assignments.forEach((a, i) => {
    if (seen.has(a.user_id)) details.push({ path: `assignments.${i}.user_id`, message: 'assigned twice' });
    seen.add(a.user_id);
    if (!members.has(a.user_id))
      details.push({ path: `assignments.${i}.user_id`, message: 'is not a member of the studio' });
    if (a.role === 'lead' && ++leads > 1)
      details.push({ path: `assignments.${i}.role`, message: 'a session has one lead' });
  });
  if (details.length) throw new ValidationError('The assignments are not valid', details);
  return [...assignments];
}

/** The assignments of `after` that `before` did not hold (a member newly on the session, or in a new role): what SESSION_ASSIGNED tells. */
export function newAssignments(before: readonly Assignment[], after: readonly Assignment[]): Assignment[] {
  const held = new Set(before.map((a) => `${a.user_id}:${a.role}`));
  return after.filter((a) => !held.has(`${a.user_id}:${a.role}`));
}
