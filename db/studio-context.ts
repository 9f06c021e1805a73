import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The studio (organisation id) the work in progress acts for, as the database sees it: every
 * connection borrowed from the pool carries it in `app.org_id` (db/studio-session.ts), and the
 * row-level security policies of the studios' tables read it. An authenticated studio request
 * runs under its studio, a job's activity under its job's organisation. Outside any of them
 * (the platform's own work: the outbox relay, schedules, cleanup, public routes that find a
 * record by its token, webhooks, the platform admin) the setting is empty, which the policies
 * let through: that is the platform acting, not a studio.
 */
/** The studio the work acts for, and the member whose assigned sessions bound it ('' for none). */
interface Acting {
  org: string;
  member: string;
}

const storage = new AsyncLocalStorage<Acting>();

/** The platform's own setting: no studio. */
export const PLATFORM = '';

/**
 * Runs `fn` (and everything it starts) for the studio `orgId`. With `memberId` (a member who
 * works only on the sessions assigned to them: domain/teams/assignments.ts#assignedScope), the
 * database shows that work only the sessions, contacts and quotes the member reaches
 * (`app.member_id`, the `member_reach` policies): a record named by id outside their reach is
 * not found by the route's own statement, with no read of its own (issue 44, "Speed").
 */
export function asStudio<T>(orgId: string, fn: () => T, memberId: string | null = null): T {
  return storage.run({ org: orgId, member: memberId ?? '' }, fn);
}

/**
 * Runs `fn` for the current studio without a member's bound: a step the route has already allowed
 * that writes beyond what the member reaches yet (a photographer's new session, before they are
 * put on it as its lead). Says so where it is called.
 */
export function asWholeStudio<T>(fn: () => T): T {
  return storage.run({ org: studioSetting(), member: '' }, fn);
}

/** Runs `fn` as the platform: work that reads across studios on purpose, and says so where it is called. */
export function asPlatform<T>(fn: () => T): T {
  return storage.run({ org: PLATFORM, member: '' }, fn);
}

/** The value `app.org_id` must hold for the current work: a studio's id, or '' for the platform. */
export function studioSetting(): string {
  return storage.getStore()?.org ?? PLATFORM;
}

/** The value `app.member_id` must hold: the member whose assigned sessions bound the work, or ''. */
export function memberSetting(): string {
  return storage.getStore()?.member ?? '';
}
