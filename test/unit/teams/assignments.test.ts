import fc from 'fast-check';
import { ValidationError } from '../../../domain/errors';
import {
  ASSIGNMENT_ROLES,
  type Assignment,
  assignedScope,
  checkAssignments,
  newAssignments,
} from '../../../domain/teams/assignments';
import { MEMBER_ROLES } from '../../../domain/teams/roles';

// A few members, so that generated lists repeat them often.
const MEMBERS = ['m1', 'm2', 'm3', 'm4', 'm5'];
const assignment = fc.record({
  user_id: fc.constantFrom(...MEMBERS, 'stranger'),
  role: fc.constantFrom(...ASSIGNMENT_ROLES),
});
const assignments = fc.array(assignment, { maxLength: 8 });
const members = new Set(MEMBERS);

/** What a studio owner expects of a session's list: each member once, at most one lead, members only. */
const isValid = (list: readonly Assignment[]) =>
  new Set(list.map((a) => a.user_id)).size === list.length &&
  list.filter((a) => a.role === 'lead').length <= 1 &&
  list.every((a) => members.has(a.user_id));

describe('a session’s assignments (issue 44 §2)', () => {
  it('accepts exactly the lists with each member once, one lead at most and members only, as given', () => {
    fc.assert(
      fc.property(assignments, (list) => {
        if (isValid(list)) expect(checkAssignments(list, members)).toEqual(list);
        else expect(() => checkAssignments(list, members)).toThrow(ValidationError);
      }),
    );
  });

  it('names every offending entry by its place in the list', () => {
    fc.assert(
      fc.property(assignments, (list) => {
        try {
          checkAssignments(list, members);
        } catch (error) {
          const paths = ((error as ValidationError).details as { path: string }[]).map((d) => d.path);
          list.forEach((a, i) => {
            if (!members.has(a.user_id)) expect(paths).toContain(`assignments.${i}.user_id`);
          });
        }
      }),
    );
  });

  it('tells only what is new: a member newly on the session or in a new role, never what was there', () => {
    fc.assert(
      fc.property(assignments, assignments, (before, after) => {
        const added = newAssignments(before, after);
        const key = (a: Assignment) => `${a.user_id}:${a.role}`;
        const held = new Set(before.map(key));
        expect(added.every((a) => !held.has(key(a)) && after.includes(a))).toBe(true);
        expect(after.filter((a) => !held.has(key(a)))).toEqual(added);
        expect(newAssignments(after, after)).toEqual([]);
      }),
    );
  });

  it('bounds a photographer to their sessions and no other role', () => {
    for (const role of MEMBER_ROLES)
      expect(assignedScope(role, 'person')).toBe(role === 'photographer' ? 'person' : null);
  });
});
