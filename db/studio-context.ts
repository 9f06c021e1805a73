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
const storage = new AsyncLocalStorage<string>();

/** The platform's own setting: no studio. */
export const PLATFORM = '';

/** Runs `fn` (and everything it starts) for the studio `orgId`. */
export function asStudio<T>(orgId: string, fn: () => T): T {
  return storage.run(orgId, fn);
}

/** Runs `fn` as the platform: work that reads across studios on purpose, and says so where it is called. */
export function asPlatform<T>(fn: () => T): T {
  return storage.run(PLATFORM, fn);
}

/** The value `app.org_id` must hold for the current work: a studio's id, or '' for the platform. */
export function studioSetting(): string {
  return storage.getStore() ?? PLATFORM;
}
