import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import { type RoadmapActivities, type RoadmapPayload, type RoadmapResult } from './contract';

const { renderRoadmap } = proxyActivities<RoadmapActivities>({
  startToCloseTimeout: '2 minutes',
  retry: {
    initialInterval: '2 seconds',
    maximumInterval: '30 seconds',
    maximumAttempts: 3,
    nonRetryableErrorTypes: ['not_found'],
  },
});

/** Renders a session's roadmap (pdf or docx) into temp/. */
export async function roadmapWorkflow(input: JobInput<RoadmapPayload>): Promise<RoadmapResult> {
  return renderRoadmap({ jobRunId: input.jobRunId, payload: input.payload });
}
