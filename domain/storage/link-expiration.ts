/** A signed link lives this long when the client does not say (15 minutes). */
export const DEFAULT_LINK_SECONDS = 900;
/** The spec's cap for most files: one hour. */
export const MAX_LINK_SECONDS = 3600;
/** The spec's week-long case: the user's own current avatar and logo (embedded in mails and pages). */
export const MAX_LONG_LINK_SECONDS = 7 * 24 * 3600;

/**
 * The expiration a link gets: the requested one (or the default), capped at one hour, or at one
 * week when the key is one of the week-long cases. Capped, not refused: the response says what
 * was granted.
 */
export function linkExpiration(requestedSeconds: number | undefined, weekLong: boolean): number {
  const cap = weekLong ? MAX_LONG_LINK_SECONDS : MAX_LINK_SECONDS;
  return Math.min(requestedSeconds ?? DEFAULT_LINK_SECONDS, cap);
}
