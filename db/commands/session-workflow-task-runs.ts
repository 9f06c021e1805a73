import { type TaskRunMetadata } from '../models/SessionWorkflowTaskRun';

export type { TaskRunMetadata };
