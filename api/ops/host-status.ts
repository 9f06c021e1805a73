/** One ops host as GET /ops/status reports it. */
export interface HostStatus {
  name: string;
  /** The configured address (without credentials), or null when none is configured. */
  url: string | null;
  status: 'up' | 'down' | 'not_configured';
  latencyMs?: number;
  error?: string;
}

/** Shown without user and password: an address may carry basic-auth credentials. */
function displayUrl(address: string): string {
  const url = new URL(address);
  url.username = '';
  url.password = '';
  return url.toString();
}

/**
 * Checks one configured host: any HTTP answer below 500 within `timeoutMs` is up (a 401 from a
 * dashboard behind a login is a live dashboard). Redirects are not followed: the address checked
 * is exactly the configured one, never one a response names.
 */
export async function checkHost(name: string, address: string, timeoutMs: number): Promise<HostStatus> {
  if (!address) return { name, url: null, status: 'not_configured' };
  const url = displayUrl(address);
  const started = performance.now();
  try {
    const res = await fetch(address, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    const latencyMs = Math.round(performance.now() - started);
    return res.status < 500
      ? { name, url, status: 'up', latencyMs }
      : { name, url, status: 'down', latencyMs, error: `HTTP ${res.status}` };
  } catch (err) {
    const error =
      (err as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : ((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message);
    return { name, url, status: 'down', latencyMs: Math.round(performance.now() - started), error };
  }
}
