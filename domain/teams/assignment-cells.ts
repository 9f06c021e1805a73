import { type Assignment, type AssignmentRole } from './assignments';

/** The import's columns of a session's members (issue 44 §2), one per role, as the export writes them. */
export const ASSIGNMENT_CELLS = { lead: 'lead', second_shooters: 'second_shooter', assistants: 'assistant' } as const;
export type AssignmentCell = keyof typeof ASSIGNMENT_CELLS;

/** Whether an import's target field is one of these columns. */
export function isAssignmentCell(field: string): field is AssignmentCell {
  return Object.hasOwn(ASSIGNMENT_CELLS, field);
}

/** The studio's members by address, lower-cased (one person, one address, in a studio). */
export type MembersByEmail = ReadonlyMap<string, string>;

/**
 * A row's members from its cells: addresses separated by `;` or `,`, any case, each a member of
 * the studio. `undefined` when every cell is empty: the row says nothing of its members (an update
 * keeps them). Otherwise the row's list, which replaces the session's; or the problems of its line:
 * an address that is no member, a second lead, one member named twice.
 */
export function assignmentsFromCells(
  cells: Partial<Record<AssignmentCell, unknown>>,
  members: MembersByEmail,
): { assignments?: Assignment[]; problems: string[] } {
  const named = (Object.keys(ASSIGNMENT_CELLS) as AssignmentCell[]).flatMap((cell) => {
    const text = typeof cells[cell] === 'string' ? (cells[cell] as string) : '';
    return text
      .split(/[;,]/)
      .map((address) => address.trim())
      .filter(Boolean)
      .map((address) => ({ cell, address, role: ASSIGNMENT_CELLS[cell] as AssignmentRole }));
  });
  if (named.length === 0) return { problems: [] };
  const problems: string[] = [];
  const assignments: Assignment[] = [];
  const seen = new Set<string>();
  for (const { cell, address, role } of named) {
    const userId = members.get(address.toLowerCase());
    if (!userId) problems.push(`${cell} "${address}" is not a member of the studio`);
    else if (seen.has(userId)) problems.push(`${cell} "${address}" is named twice`);
    else {
      seen.add(userId);
      assignments.push({ user_id: userId, role });
    }
  }
  if (named.filter((n) => n.role === 'lead').length > 1) problems.push('lead names one member');
  return problems.length ? { problems } : { assignments, problems };
}
