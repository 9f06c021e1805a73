import { proxyActivities } from '@temporalio/workflow';
import { type JobInput } from '../job-run/contract';
import { PLATFORM_SEND_OPTIONS, type PurchaseAnswerActivities, type PurchaseAnswerPayload } from './contract';

// The same patience as the transmission: a platform outage delays the answer, never loses it.
const { sendPurchaseAnswer } = proxyActivities<PurchaseAnswerActivities>(PLATFORM_SEND_OPTIONS);

/** The studio's answer to a purchase invoice, sent to its platform once. */
export async function purchaseAnswerWorkflow(
  input: JobInput<PurchaseAnswerPayload>,
): Promise<{ outcome: 'sent' | 'found' | 'already' }> {
  return sendPurchaseAnswer(input.payload);
}
