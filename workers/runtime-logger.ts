import { DefaultLogger, type LogLevel, Runtime } from '@temporalio/worker';
import { type Logger } from 'pino';

const PINO_LEVEL: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

/** The SDK level that lets through what `LOG_LEVEL` asks for (fatal and silent: errors only, pino drops the rest). */
export function temporalLogLevel(pinoLevel: string): LogLevel {
  switch (pinoLevel) {
    case 'trace':
      return 'TRACE';
    case 'debug':
      return 'DEBUG';
    case 'info':
      return 'INFO';
    case 'warn':
      return 'WARN';
    default:
      return 'ERROR';
  }
}

/**
 * Routes the SDK's own logs and workflow `log` calls to pino, so workflow lines carry the same
 * JSON shape (and workflowId) as activity lines, at the level LOG_LEVEL sets. Once per process,
 * before any worker starts.
 */
export function installRuntimeLogger(logger: Logger): void {
  Runtime.install({
    logger: new DefaultLogger(temporalLogLevel(logger.level), (entry) => {
      const { workflowId, runId, ...rest } = (entry.meta ?? {}) as Record<string, unknown>;
      logger[PINO_LEVEL[entry.level]]({ ...rest, ...(workflowId ? { workflowId, runId } : {}) }, entry.message);
    }),
  });
}
