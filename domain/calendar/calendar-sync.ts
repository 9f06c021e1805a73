/** How far ahead a member's calendar is read: past the longest booking window a studio sets. */
export const BUSY_WINDOW_DAYS = 400;
/** How far back: a slot today still meets an event that began yesterday. */
export const BUSY_WINDOW_PAST_DAYS = 1;
const DAY_MS = 24 * 3600 * 1000;

/** The window a sync at `now` reads busy time for. */
export function busyWindow(now: Date): { from: Date; to: Date } {
  return {
    from: new Date(now.getTime() - BUSY_WINDOW_PAST_DAYS * DAY_MS),
    to: new Date(now.getTime() + BUSY_WINDOW_DAYS * DAY_MS),
  };
}

/**
 * Whether a sync reads every object again: never synced, or the window has moved on by a day
 * since (a recurring event's occurrences past the last window's end are then read).
 */
export function needsWholeRead(syncedUntil: Date | null, windowEnd: Date): boolean {
  return syncedUntil === null || windowEnd.getTime() - syncedUntil.getTime() >= DAY_MS;
}

/**
 * What a sync fetches and forgets, from the etags it kept and the ones the calendar lists now:
 * an object new or whose etag changed is fetched (every listed object on a whole read); one no
 * longer listed is forgotten. An object listed with the etag kept is left as it is.
 */
export function calendarChanges(
  known: ReadonlyMap<string, string>,
  listed: ReadonlyMap<string, string>,
  whole: boolean,
): { fetch: string[]; gone: string[] } {
  const fetch = [...listed].filter(([href, etag]) => whole || known.get(href) !== etag).map(([href]) => href);
  const gone = [...known.keys()].filter((href) => !listed.has(href));
  return { fetch: fetch.sort(), gone: gone.sort() };
}
