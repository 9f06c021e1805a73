import { ConfigError } from '../lib/config';

/**
 * The task queues one worker process polls, from WORKER_TASK_QUEUES: `all` (every queue the
 * contracts name), a comma list of queues (`exports`), or `all` minus some (`all,-exports`).
 * Splitting lets ops give exports a process of their own with a memory cap (docker-compose's
 * worker-exports) so a large export never competes with imports or automation for memory.
 */
export function selectTaskQueues(setting: string, inUse: readonly string[]): string[] {
  const items = setting
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const excluded = items.filter((item) => item.startsWith('-')).map((item) => item.slice(1));
  const included = items.filter((item) => !item.startsWith('-'));
  const unknown = [...excluded, ...included].filter((name) => name !== 'all' && !inUse.includes(name));
  if (unknown.length) {
    throw new ConfigError(
      `WORKER_TASK_QUEUES names unknown task queues (${unknown.join(', ')}); the queues are: ${inUse.join(', ')} (or all)`,
    );
  }
  const base = included.length === 0 || included.includes('all') ? [...inUse] : included;
  const selected = [...new Set(base)].filter((name) => !excluded.includes(name)).sort();
  if (!selected.length) throw new ConfigError(`WORKER_TASK_QUEUES=${setting} leaves this worker no task queue to poll`);
  return selected;
}
