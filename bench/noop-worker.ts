// The worker of bench/triggers.ts's baseline, as a process of its own (as the real worker is):
// polls BENCH_NOOP_TASK_QUEUE for bench/noop-workflow.ts, with the SDK's default concurrency
// (the real worker's createWorker changes only the activity slots, and a no-op has no activity).
// Prints "ready" once polling; stops on SIGTERM.
import path from 'node:path';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';

async function main(): Promise<void> {
  const address = process.env.TEMPORAL_ADDRESS;
  const taskQueue = process.env.BENCH_NOOP_TASK_QUEUE;
  if (!address || !taskQueue) throw new Error('TEMPORAL_ADDRESS and BENCH_NOOP_TASK_QUEUE are required');
  // Quiet: the SDK's default logger writes a line per worker state change.
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const connection = await NativeConnection.connect({ address });
  const worker = await Worker.create({
    connection,
    namespace: process.env.TEMPORAL_NAMESPACE ?? 'default',
    taskQueue,
    workflowsPath: path.join(__dirname, 'noop-workflow.ts'),
  });
  process.on('SIGTERM', () => worker.shutdown());
  process.on('SIGINT', () => worker.shutdown());
  const running = worker.run();
  console.log('ready');
  await running;
  await connection.close();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
