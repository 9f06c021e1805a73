import pino, { type Logger, type LoggerOptions } from 'pino';
import { currentLogContext } from './log-context';

/**
 * One pino root per process. Secrets never reach a log line: auth headers, passwords and
 * tokens are redacted wherever they appear in a logged object. `destination` is for tests that
 * read the log back; processes write to stdout, asynchronously: the lines logged while a write is
 * under way go out together in the next one (one system call for many lines under load, none held
 * back when the process is quiet), and what is left is written synchronously when the process
 * exits (docs/decisions.md, "The log's writes").
 */
export function createLogger(
  level: string,
  base: Record<string, unknown> = {},
  destination?: pino.DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level,
    base: { pid: process.pid, ...base },
    timestamp: pino.stdTimeFunctions.isoTime,
    // requestId, jobRunId, workflowId... of the request or activity in progress.
    mixin: () => ({ ...currentLogContext() }),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.password_hash',
        '*.accessToken',
        '*.token',
        'password',
        'accessToken',
      ],
      censor: '[redacted]',
    },
  };
  return pino(options, destination ?? pino.destination({ dest: 1, sync: false }));
}

export type { Logger };
