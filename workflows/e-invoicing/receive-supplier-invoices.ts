import { proxyActivities } from '@temporalio/workflow';
import { type SupplierInvoiceInboxActivities } from './contract';

const { receiveSupplierInvoices } = proxyActivities<SupplierInvoiceInboxActivities>({
  startToCloseTimeout: '5 minutes',
  // The next scheduled pass retries anyway; a few attempts cover a blip.
  retry: { initialInterval: '5 seconds', maximumInterval: '30 seconds', maximumAttempts: 3 },
});

/** One pass reading the supplier invoices every studio's platform delivered (a Temporal Schedule starts it). */
export async function receiveSupplierInvoicesWorkflow(): Promise<{
  studios: number;
  received: number;
  unreadable: number;
}> {
  return receiveSupplierInvoices();
}
