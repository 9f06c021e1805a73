import { DefaultLogger, type LogLevel, Runtime } from '@temporalio/worker';
import { type Logger } from 'pino';

const PINO_LEVEL: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

/**
 * Routes the SDK's own logs and workflow `log` calls to pino, so workflow lines carry the same
 * JSON shape (and workflowId) as activity lines. Once per process, before any worker starts.
 */
export function installRuntimeLogger(logger: Logger): void {
  Runtime.install({
    logger: new DefaultLogger('INFO', (entry) => {
      const { workflowId, runId, ...rest } = (entry.meta ?? {}) as Record<string, unknown>;
      logger[PINO_LEVEL[entry.level]]({ ...rest, ...(workflowId ? { workflowId, runId } : {}) }, entry.message);
    }),
  });
}
