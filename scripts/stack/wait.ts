import net from 'node:net';

/** Polls `check` until it returns true, or fails with `what` after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs = 30_000,
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  const reason = lastError instanceof Error ? `: ${lastError.message}` : '';
  throw new Error(`${what} did not come up within ${Math.round(timeoutMs / 1000)} s${reason}`);
}

/** True when something accepts TCP connections on host:port. */
export function isListening(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Where freePort looks: below Linux's ephemeral range (32768–60999 by default), from which the
 * kernel picks the local port of every outgoing connection. A port chosen there can be taken by
 * some connection between the choice and the listen (EADDRINUSE); one below it cannot.
 */
const LISTEN_PORTS = { from: 20_000, to: 32_000 };

/**
 * The ports a process picks from: the whole range, or in a jest worker (a lane of the tests,
 * docs/testing.md) a slice of it of its own. Two lanes run their files at the same time, and a
 * port one picked and had not listened on yet could be picked by the other: `npm start`'s test
 * then failed on a port "already in use". Within a lane, files run one after another.
 */
function listenPorts(): { from: number; to: number } {
  const lane = Number(process.env.JEST_WORKER_ID);
  if (!Number.isInteger(lane) || lane < 1) return LISTEN_PORTS;
  const width = 3_000;
  const from = LISTEN_PORTS.from + ((lane - 1) % ((LISTEN_PORTS.to - LISTEN_PORTS.from) / width)) * width;
  return { from, to: from + width };
}

/** Whether `port` can be listened on at 127.0.0.1 right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port nobody listens on right now, below the ephemeral range (else one the kernel chooses). */
export async function freePort(): Promise<number> {
  const { from, to } = listenPorts();
  for (let tries = 0; tries < 50; tries++) {
    const port = from + Math.floor(Math.random() * (to - from));
    if (await canListen(port)) return port;
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}
