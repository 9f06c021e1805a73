import { z } from 'zod';
import { SESSION_STATUSES } from '../../domain/sessions/session-status';
import { ASSIGNMENT_ROLES } from '../../domain/teams/assignments';
import { optionalDateTime, optionalText, PageQuery, pageOf } from '../http/common-schemas';

const sessionFields = {
  title: z.string().trim().min(1, 'is required').max(255),
  status: z.enum(SESSION_STATUSES).optional(),
  start_date: optionalDateTime,
  end_date: optionalDateTime,
  location: optionalText(255),
  notes: optionalText(10_000),
  contact_id: z.uuid().nullable().optional(),
  user_rate_id: z.uuid().nullable().optional(),
  /** The questionnaire the client fills in: one of the studio's templates; null detaches it. */
  session_info_template_id: z.uuid().nullable().optional(),
  /** A system session type or one of the studio's own; its default workflow comes with it. null clears it. */
  user_session_type_id: z.uuid().nullable().optional(),
};

const datesInOrder = (s: { start_date?: Date | null; end_date?: Date | null }) =>
  !s.start_date || !s.end_date || s.end_date >= s.start_date;
const datesMessage = { message: 'end_date must not be before start_date', path: ['end_date'] };

export const CreateSessionBody = z.object(sessionFields).strict().refine(datesInOrder, datesMessage);
export type CreateSessionBody = z.infer<typeof CreateSessionBody>;

export const UpdateSessionBody = z.object(sessionFields).partial().strict().refine(datesInOrder, datesMessage);
export type UpdateSessionBody = z.infer<typeof UpdateSessionBody>;

export const SessionListQuery = PageQuery.extend({
  status: z.enum(SESSION_STATUSES).optional(),
  contact_id: z.uuid().optional(),
  /** Sessions starting at or after this instant. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Sessions starting before this instant. */
  to: z.iso.datetime({ offset: true }).optional(),
  /** Sessions a member is assigned to (their id, or `me`): a member's calendar, with from and to. */
  assigned_to: z.union([z.literal('me'), z.uuid()]).optional(),
});
export type SessionListQuery = z.infer<typeof SessionListQuery>;

/** A member on a session and their role on it (issue 44 §2). */
export const SessionAssignmentView = z.object({
  user_id: z.uuid(),
  role: z.enum(ASSIGNMENT_ROLES),
  name: z.string().nullable(),
  email: z.string(),
});

/** The members on a session: the whole list, which replaces the one it had. */
export const AssignSessionMembersBody = z
  .object({
    assignments: z.array(z.object({ user_id: z.uuid(), role: z.enum(ASSIGNMENT_ROLES) }).strict()).max(50),
  })
  .strict();

export const SessionAssignments = z.object({ items: z.array(SessionAssignmentView) });

export const SessionView = z.object({
  id: z.uuid(),
  title: z.string(),
  status: z.enum(SESSION_STATUSES),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  contact_id: z.uuid().nullable(),
  user_rate_id: z.uuid().nullable(),
  user_session_type_id: z.uuid().nullable(),
  workflow_id: z.uuid().nullable(),
  session_info_template_id: z.uuid().nullable(),
  /** The members on the session: the lead, then second shooters, then assistants. */
  assigned: z.array(SessionAssignmentView),
  created_at: z.string(),
  updated_at: z.string(),
});
export const SessionPage = pageOf(SessionView);
