import { proxyActivities } from '@temporalio/workflow';
import { failureMessage } from '../../domain/failure-message';
import { type ExportDeliveryActivities } from '../exports/contract';
import { type JobInput } from '../job-run/contract';
import { type AccountingExportActivities, type AccountingExportPayload, type AccountingExportResult } from './contract';

const { renderAccountingExport } = proxyActivities<AccountingExportActivities>({
  startToCloseTimeout: '30 minutes',
  retry: {
    initialInterval: '2 seconds',
    maximumInterval: '30 seconds',
    maximumAttempts: 3,
    nonRetryableErrorTypes: ['validation_failed'],
  },
});

const { notifyExportOwner } = proxyActivities<ExportDeliveryActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds', maximumAttempts: 10 },
});

/** The accounting export of a period: the file under temp/, then, when asked for async, the owner told. */
export async function accountingExportWorkflow(
  input: JobInput<AccountingExportPayload>,
): Promise<AccountingExportResult> {
  const { jobRunId, payload } = input;
  try {
    const file = await renderAccountingExport({ jobRunId, payload });
    if (payload.mode === 'async') await notifyExportOwner({ jobRunId, ownerId: payload.ownerId, file });
    return { key: file.key, filename: file.filename, rowCount: file.rowCount, sizeBytes: file.sizeBytes };
  } catch (err) {
    if (payload.mode === 'async')
      await notifyExportOwner({ jobRunId, ownerId: payload.ownerId, error: failureMessage(err) });
    throw err;
  }
}
