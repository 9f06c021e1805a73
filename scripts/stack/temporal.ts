import fs from 'node:fs';
import path from 'node:path';
import { type Managed, startProcess, whenReady } from './process';
import { ensureTool } from './tools';
import { freePort, isListening, waitFor } from './wait';

/**
 * `temporal server start-dev`: server, `default` namespace and (unless headless) the Web UI.
 * `dbFile` keeps workflow history across restarts; without it the server is in memory.
 */
export async function startTemporal(opts: {
  port: number;
  uiPort?: number;
  dbFile?: string;
  logDir: string;
  /** Namespaces made at start beside `default` (the test stack's lanes). */
  namespaces?: string[];
  /** The CLI to run (the launcher prepares it beforehand); found or built here when absent. */
  bin?: string;
}): Promise<Managed> {
  const bin = opts.bin ?? ensureTool('temporal');
  const logFile = path.join(opts.logDir, 'temporal.log');
  for (let attempt = 1; ; attempt++) {
    const logStart = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
    // The HTTP API and metrics ports would otherwise be picked by the server itself, and once
    // collided with a port this launcher had just handed to another part of the stack.
    const [httpPort, metricsPort] = [await freePort(), await freePort()];
    const args = [
      'server',
      'start-dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(opts.port),
      '--http-port',
      String(httpPort),
      '--metrics-port',
      String(metricsPort),
      '--log-level',
      'warn',
    ];
    if (opts.uiPort) args.push('--ui-port', String(opts.uiPort));
    else args.push('--headless');
    if (opts.dbFile) args.push('--db-filename', opts.dbFile);
    for (const namespace of opts.namespaces ?? []) args.push('--namespace', namespace);
    const managed = startProcess('Temporal', bin, args, { logFile });
    try {
      return await whenReady(
        managed,
        waitFor(
          'Temporal',
          async () => (await isListening(opts.port)) && (!opts.uiPort || (await isListening(opts.uiPort))),
          30_000,
        ),
      );
    } catch (err) {
      // The dev server picks its history, matching and worker services' ports itself and binds
      // them a moment later: on a busy machine another process can take one in between (a CI
      // run once lost a test that way). Those are picked afresh on the next start.
      if (attempt < MAX_STARTS && logSince(logFile, logStart).includes('address already in use')) continue;
      throw err;
    }
  }
}

/** Starts tried when the server stops on a port taken under it. */
const MAX_STARTS = 3;

/** What `logFile` gained after byte `from`. */
function logSince(logFile: string, from: number): string {
  if (!fs.existsSync(logFile)) return '';
  return fs.readFileSync(logFile).subarray(from).toString('utf8');
}
