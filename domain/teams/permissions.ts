import { type MemberRole } from './roles';

/**
 * What a member may do in their studio (issue 44 §1), one capability per kind of action. Every
 * route of a studio user names the capability it needs (api/teams/operation-capabilities.ts);
 * docs/teams.md writes the same matrix as a table.
 */
export const CAPABILITIES = [
  // The member's own account: profile, preferences, avatar, signed links of what they may read.
  'profile',
  'contacts.read',
  'contacts.write',
  /** Erasing a contact's personal data (GDPR), which nothing undoes. */
  'contacts.erase',
  'sessions.read',
  'sessions.write',
  /** Putting members on a session, with their role on it (issue 44 §2). */
  'sessions.assign',
  /** The studio's session types: their names, prices, questionnaires. */
  'session_types.write',
  /** The bookings clients make: confirm, decline, cancel them; every member's availability. */
  'bookings.manage',
  'questionnaires.read',
  'questionnaires.write',
  /** The studio's questionnaire templates and their fields (what every session's questionnaire starts from). */
  'questionnaire_templates.write',
  'quotes.read',
  /** Drafting quotes: create, edit, delete a draft. */
  'quotes.draft',
  /** Sending a quote, accepting it for the client, invoicing it. */
  'quotes.send',
  'invoices.read',
  /** Drafting, issuing, sending invoices; deposits; an invoice's reminders. */
  'invoices.write',
  'credit_notes.issue',
  'payments.record',
  'refunds.record',
  'ledger.read',
  'ledger.close',
  'accounting.export',
  'e_invoicing.read',
  /** The e-invoicing platform connection, answers to suppliers, e-reports. */
  'e_invoicing.write',
  /** Exports and imports of the whole studio, scheduled exports and their templates. */
  'exports.studio',
  'imports.write',
  /** SMS and email templates. */
  'templates.write',
  'automations.read',
  'automations.write',
  /** The studio's calendar feed (every session): its address, made or replaced. */
  'calendar_feeds.studio',
  /** The studio's settings: company profile, numbering, reminder settings, accounts, logo. */
  'settings.write',
  'team.read',
  'team.manage',
  'ownership.transfer',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const ALL = new Set<Capability>(CAPABILITIES);
const except = (...left: Capability[]) => new Set(CAPABILITIES.filter((c) => !left.includes(c)));

/** The matrix: each role's capabilities. */
const ROLE_CAPABILITIES: Record<MemberRole, ReadonlySet<Capability>> = {
  owner: ALL,
  admin: except('ownership.transfer'),
  // Of the sessions assigned to them (the scope is the session's, services/teams/).
  photographer: new Set<Capability>([
    'profile',
    'contacts.read',
    'sessions.read',
    'sessions.write',
    'questionnaires.read',
    'questionnaires.write',
    'quotes.read',
    'quotes.draft',
    'team.read',
  ]),
  assistant: new Set<Capability>([
    'profile',
    'contacts.read',
    'contacts.write',
    'sessions.read',
    'sessions.write',
    'session_types.write',
    'bookings.manage',
    'sessions.assign',
    'calendar_feeds.studio',
    'questionnaires.read',
    'questionnaires.write',
    'questionnaire_templates.write',
    'quotes.read',
    'quotes.draft',
    'quotes.send',
    'invoices.read',
    'templates.write',
    'automations.read',
    'team.read',
  ]),
  bookkeeper: new Set<Capability>([
    'profile',
    'contacts.read',
    'sessions.read',
    'quotes.read',
    'invoices.read',
    'invoices.write',
    'credit_notes.issue',
    'payments.record',
    'refunds.record',
    'ledger.read',
    'ledger.close',
    'accounting.export',
    'e_invoicing.read',
    'team.read',
  ]),
};

/** Whether a member of this role may do this kind of action in their studio. */
export function mayDo(role: MemberRole, capability: Capability): boolean {
  return ROLE_CAPABILITIES[role].has(capability);
}

/** The roles that may do an action: what the OpenAPI document says of each operation. */
export function rolesThatMay(capability: Capability, roles: readonly MemberRole[]): MemberRole[] {
  return roles.filter((role) => mayDo(role, capability));
}
