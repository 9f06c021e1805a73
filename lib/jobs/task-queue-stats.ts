import { type Client } from '@temporalio/client';
import { temporal } from '@temporalio/proto';

/** What ops see of one task queue: tasks waiting (workflow and activity) and the workers polling it. */
export interface TaskQueueStats {
  queue: string;
  backlog: number;
  workflowBacklog: number;
  activityBacklog: number;
  pollers: number;
  /** Age of the oldest waiting task, in seconds (0 when none waits). */
  oldestTaskAgeSeconds: number;
}

const { TaskQueueType, TaskQueueKind } = temporal.api.enums.v1;

/**
 * Reads Temporal's own task-queue statistics (DescribeTaskQueue with reportStats): the
 * approximate backlog Temporal keeps per queue, which is what "queue depth" means here. One
 * call per queue and task type; a queue no worker ever polled reports zeros.
 */
export async function readTaskQueueStats(
  client: Client,
  namespace: string,
  queues: readonly string[],
): Promise<TaskQueueStats[]> {
  return Promise.all(
    queues.map(async (queue) => {
      const describe = (taskQueueType: temporal.api.enums.v1.TaskQueueType) =>
        client.workflowService.describeTaskQueue({
          namespace,
          taskQueue: { name: queue, kind: TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
          taskQueueType,
          reportStats: true,
        });
      const [workflow, activity] = await Promise.all([
        describe(TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW),
        describe(TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY),
      ]);
      const backlog = (r: typeof workflow) => Number(r.stats?.approximateBacklogCount ?? 0);
      const age = (r: typeof workflow) => Number(r.stats?.approximateBacklogAge?.seconds ?? 0);
      const pollers = new Set([...(workflow.pollers ?? []), ...(activity.pollers ?? [])].map((p) => p.identity ?? ''));
      return {
        queue,
        backlog: backlog(workflow) + backlog(activity),
        workflowBacklog: backlog(workflow),
        activityBacklog: backlog(activity),
        pollers: pollers.size,
        oldestTaskAgeSeconds: Math.max(age(workflow), age(activity)),
      };
    }),
  );
}
