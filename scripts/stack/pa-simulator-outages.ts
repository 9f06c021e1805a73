/**
 * The PA simulator's outages (scripts/stack/pa-simulator.ts): the whole platform, or one client
 * account's calls, refused for a while (`seconds`) or for the next `calls` calls. Scoped to an
 * account, an outage leaves the other studios (and the test files running beside) untouched;
 * counted in calls, a test of retries waits for the retries, not for the clock. No I/O.
 */
export interface Outage {
  /** Refused until this instant (ms since the epoch). */
  until: number;
  /** Refused for this many calls more. */
  callsLeft: number;
  /** Calls refused so far. */
  refused: number;
}

/** The whole platform's key (an outage without a client id). */
export const EVERY_CLIENT = '*';

export interface OutageRequest {
  seconds?: unknown;
  calls?: unknown;
  client_id?: unknown;
}

/** The outage a control call asks for, or the reason it is refused. */
export function readOutageRequest(
  body: OutageRequest,
  now: number,
): { key: string; outage: Outage } | { error: string } {
  const seconds = body.seconds === undefined ? 0 : Number(body.seconds);
  const calls = body.calls === undefined ? 0 : Number(body.calls);
  if (!Number.isFinite(seconds) || seconds < 0) return { error: 'seconds must be a number of seconds, 0 or more' };
  if (!Number.isInteger(calls) || calls < 0) return { error: 'calls must be a whole number, 0 or more' };
  if (body.client_id !== undefined && (typeof body.client_id !== 'string' || !body.client_id))
    return { error: 'client_id must be a client id' };
  return {
    key: (body.client_id as string | undefined) ?? EVERY_CLIENT,
    outage: { until: now + seconds * 1000, callsLeft: calls, refused: 0 },
  };
}

/**
 * Whether a call of `clientId` (undefined when the call names no known account) is refused now;
 * a refusal counted against a call-limited outage uses one of its calls.
 */
export function refuseCall(outages: Map<string, Outage>, clientId: string | undefined, now: number): boolean {
  for (const key of clientId ? [EVERY_CLIENT, clientId] : [EVERY_CLIENT]) {
    const outage = outages.get(key);
    if (!outage) continue;
    if (now < outage.until) {
      outage.refused += 1;
      return true;
    }
    if (outage.callsLeft > 0) {
      outage.callsLeft -= 1;
      outage.refused += 1;
      return true;
    }
  }
  return false;
}
