import { proxyActivities } from '@temporalio/workflow';
import { type PurchaseInvoiceInboxActivities } from './contract';

const { receiveSupplierInvoices } = proxyActivities<PurchaseInvoiceInboxActivities>({
  startToCloseTimeout: '5 minutes',
  // The next scheduled pass retries anyway; a few attempts cover a blip.
  retry: { initialInterval: '5 seconds', maximumInterval: '30 seconds', maximumAttempts: 3 },
});

/**
 * One pass reading the purchase invoices every studio's platform delivered (a Temporal Schedule
 * starts it). The function and activity names are the Temporal types its schedule and histories
 * keep, from before the code said "purchase invoice".
 */
export async function receiveSupplierInvoicesWorkflow(): Promise<{
  studios: number;
  received: number;
  unreadable: number;
}> {
  return receiveSupplierInvoices();
}
