import { type ReachKind } from '../../db/queries/session-assignments';

/**
 * How far an operation reaches for a member whose role works only on the sessions assigned to
 * them (a photographer: domain/teams/assignments.ts), by operationId (issue 44 §2):
 * - `{ session | contact | quote: field }`: the record named by that path parameter (or body
 *   field, `body.` first) must be one they reach, else 404 as for another studio's;
 * - `listed`: the handler lists only what they reach;
 * - `studio`: the studio's own shared things (its session types, questionnaire templates, team,
 *   the person's own profile), the same for every member.
 * The route kit refuses to start when an operation such a role may call has no entry here.
 */
export type OperationScope = { [K in ReachKind]?: string } | 'listed' | 'studio';

export const OPERATION_SCOPES: Readonly<Record<string, OperationScope>> = {
  listTeamMembers: 'studio',
  listMyStudios: 'studio',
  // Their own hours, the studio's members' and booking settings: the same for every member.
  getMyAvailability: 'studio',
  setMyAvailability: 'studio',
  getMemberAvailability: 'studio',
  getSessionTypeBooking: 'studio',
  // The studio's days and their counts: no client in them.
  listMiniSessions: 'studio',
  // Their own bookings only (api/booking/router.ts).
  listBookings: 'listed',
  switchStudio: 'studio',
  // Their own calendars, whatever their role (api/calendar-connections/router.ts).
  listCalendarConnections: 'studio',
  connectCalendar: 'studio',
  syncCalendarConnection: 'studio',
  disconnectCalendar: 'studio',
  getCurrentUser: 'studio',
  getCurrentUserProfile: 'studio',
  updateUserPreferences: 'studio',
  uploadAvatar: 'studio',
  getCompanyProfile: 'studio',
  getDocumentNumbering: 'studio',
  getSignedUrl: 'studio',
  listSessionTypes: 'studio',
  getSessionType: 'studio',
  listSessionInfoTemplates: 'studio',
  listBaseSessionInfoTemplates: 'studio',
  getSessionInfoTemplate: 'studio',
  // The studio's feed is refused to them (capability); their own holds their sessions only.
  listCalendarFeeds: 'studio',
  rotateMyCalendarFeed: 'studio',
  listContacts: 'listed',
  getContact: { contact: 'id' },
  listSessions: 'listed',
  // Their new session is theirs: they lead it (db/commands/create-session.ts).
  createSession: 'listed',
  getSession: { session: 'id' },
  updateSession: { session: 'id' },
  patchSession: { session: 'id' },
  deleteSession: { session: 'id' },
  listSessionAssignments: { session: 'id' },
  listSessionContacts: { session: 'id' },
  attachSessionContact: { session: 'id' },
  detachSessionContact: { session: 'id' },
  getSessionClientInfo: { session: 'id' },
  saveSessionClientInfo: { session: 'id' },
  sendSessionInfoInvite: { session: 'id' },
  getSessionRoadmap: { session: 'id' },
  listQuotes: 'listed',
  createQuote: { session: 'body.session_id' },
  getQuote: { quote: 'id' },
  updateQuote: { quote: 'id' },
  deleteQuote: { quote: 'id' },
  getQuotePdf: { quote: 'id' },
  previewQuoteEmail: { quote: 'id' },
  listSessionQuotes: { session: 'sessionId' },
  createSessionQuote: { session: 'sessionId' },
  getSessionQuote: { session: 'sessionId' },
  updateSessionQuote: { session: 'sessionId' },
  deleteSessionQuote: { session: 'sessionId' },
  getSessionQuotePdf: { session: 'sessionId' },
  previewSessionQuoteEmail: { session: 'sessionId' },
};
