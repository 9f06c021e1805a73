import { ApplicationFailure, proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import { failureMessage } from '../../domain/failure-message';
import {
  EXPORT_NON_RETRYABLE,
  type ExportDeliveryActivities,
  type ExportPayload,
  type ExportRenderActivities,
  type ExportResult,
  type ScheduledExportPayload,
} from './contract';

// A large export takes minutes: the render heartbeats, so a dead worker is noticed in a minute.
const { renderExport } = proxyActivities<ExportRenderActivities>({
  startToCloseTimeout: '30 minutes',
  heartbeatTimeout: '1 minute',
  retry: {
    initialInterval: '2 seconds',
    maximumInterval: '30 seconds',
    maximumAttempts: 3,
    nonRetryableErrorTypes: [...EXPORT_NON_RETRYABLE],
  },
});

const delivery = proxyActivities<ExportDeliveryActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
});

/** Renders, records and delivers one export; shared by the api's exports and the scheduled ones. */
async function produceExport(jobRunId: string, payload: ExportPayload): Promise<ExportResult> {
  const startedAt = Date.now();
  try {
    const file = await renderExport({ jobRunId, payload });
    await delivery.recordExportOutcome({ jobRunId, payload, file, seconds: (Date.now() - startedAt) / 1000 });
    if (payload.mode === 'async') await delivery.notifyExportOwner({ jobRunId, ownerId: payload.ownerId, file });
    if (payload.mode === 'scheduled' && payload.emailRecipient)
      await delivery.emailExportLink({ jobRunId, payload, file });
    return { key: file.key, filename: file.filename, rowCount: file.rowCount, sizeBytes: file.sizeBytes };
  } catch (err) {
    const message = failureMessage(err);
    const errorType = err instanceof ApplicationFailure ? err.type : (err as { cause?: { type?: string } }).cause?.type;
    await delivery.recordExportOutcome({
      jobRunId,
      payload,
      error: { message, type: errorType ?? 'render_failed' },
      seconds: (Date.now() - startedAt) / 1000,
    });
    if (payload.mode === 'async')
      await delivery.notifyExportOwner({ jobRunId, ownerId: payload.ownerId, error: message });
    throw err;
  }
}

/** An export asked for through the api (sync or async). */
export async function exportWorkflow(input: JobInput<ExportPayload>): Promise<ExportResult> {
  return produceExport(input.jobRunId, input.payload);
}

/** A scheduled export's fire: the template and preferences are read now, then as above. */
export async function scheduledExportWorkflow(input: JobInput<ScheduledExportPayload>): Promise<ExportResult | null> {
  const payload = await delivery.prepareScheduledExport({
    jobRunId: input.jobRunId,
    scheduledExportId: input.payload.scheduledExportId,
  });
  // Deleted or paused since the fire was due: nothing to export.
  if (!payload) return null;
  return produceExport(input.jobRunId, payload);
}
