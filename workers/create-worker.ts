import { type Context } from '@temporalio/activity';
import { type NativeConnection, Worker, type WorkerOptions } from '@temporalio/worker';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { sequelizeJobRunStore } from '../db/commands/job-run-store';
import { type InActivityBookkeeping, JobContextInterceptor, RecentJobRuns } from './job-context-interceptor';
import { WORKFLOW_INTERCEPTOR_MODULES } from './workflow-interceptors';

export interface CreateWorkerOptions {
  connection: NativeConnection;
  namespace: string;
  taskQueue: string;
  activities: object;
  logger: Logger;
  /** The database the job-run interceptor records attempts in. */
  sequelize: Sequelize;
  /** The workflow code, bundled once per process and shared by every queue's worker... */
  workflowBundle?: WorkerOptions['workflowBundle'];
  /** ...or a module path bundled for this worker alone (test fixtures). */
  workflowsPath?: string;
  /** Workflow code on this thread rather than a thread per worker (WORKER_WORKFLOWS_IN_MAIN_THREAD). */
  workflowsInMainThread?: boolean;
}

/**
 * A worker for one task queue, with the job-run interceptor around every activity. The
 * interceptor keeps a `single-local` job's bookkeeping with the worker's own startJobRun and
 * completeJobRun (registered among `activities` by every worker: workers/activities.ts).
 */
export function createWorker(options: CreateWorkerOptions): Promise<Worker> {
  const recentRuns = new RecentJobRuns();
  const store = sequelizeJobRunStore(options.sequelize);
  const books = options.activities as Partial<InActivityBookkeeping>;
  const inActivity = books.startJobRun && books.completeJobRun ? (books as InActivityBookkeeping) : undefined;
  return Worker.create({
    connection: options.connection,
    namespace: options.namespace,
    taskQueue: options.taskQueue,
    workflowsPath: options.workflowBundle ? undefined : options.workflowsPath,
    workflowBundle: options.workflowBundle,
    activities: options.activities,
    interceptors: {
      activity: [
        (ctx: Context) => ({
          inbound: new JobContextInterceptor(ctx, options.logger, store, recentRuns, inActivity),
        }),
      ],
      // Used when the worker bundles itself (workflowsPath); a prebuilt bundle already has them.
      workflowModules: WORKFLOW_INTERCEPTOR_MODULES,
    },
    // Two cores: a few activities at a time keep the api and the database responsive.
    maxConcurrentActivityTaskExecutions: 8,
    // Local activities (jobs whose contract says so) share the database pool the same way.
    maxConcurrentLocalActivityExecutions: 8,
    shutdownGraceTime: '10 seconds',
    // An activity that ignores its cancellation must not keep a stopping worker alive forever
    // (a deploy or a test's teardown waits on it): after this the run fails and the process exits.
    shutdownForceTime: '25 seconds',
    // The SDK's "debug mode" is what runs workflows on the main thread; its other effect, no
    // deadlock detection, is undone by giving the isolate its usual 5 s back.
    ...(options.workflowsInMainThread ? { debugMode: true, isolateExecutionTimeout: '5 seconds' } : {}),
  });
}
