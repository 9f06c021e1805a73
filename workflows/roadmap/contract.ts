import { defineJob, jobId, TASK_QUEUES } from '../job-run/contract';

export type RoadmapFormat = 'pdf' | 'docx';

export interface RoadmapPayload extends Record<string, unknown> {
  ownerId: string;
  sessionId: string;
  format: RoadmapFormat;
}

/** The stored file: the api signs a link to it (links expire, so they are not kept). */
export interface RoadmapResult {
  key: string;
  filename: string;
}

/** A session's roadmap document; one run per request (the answers may have changed). */
export const ROADMAP_JOB = defineJob<RoadmapPayload>({
  jobName: 'session.roadmap',
  taskQueue: TASK_QUEUES.documents,
  workflowType: 'roadmapWorkflow',
  workflowId: (sessionId) => jobId('roadmap', sessionId),
  rerun: 'new-run',
});

export interface RoadmapActivities {
  renderRoadmap(input: { jobRunId: string; payload: RoadmapPayload }): Promise<RoadmapResult>;
}
