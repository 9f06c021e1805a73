import { type TaskRunMetadata } from '../models/SessionAutomationTaskRun';

export type { TaskRunMetadata };
