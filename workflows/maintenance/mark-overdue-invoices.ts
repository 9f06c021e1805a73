import { proxyActivities } from '@temporalio/workflow';
import { type OverdueInvoicesActivities, type OverdueScanInput } from './contract';

const { markOverdueInvoices } = proxyActivities<OverdueInvoicesActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '5 seconds', maximumInterval: '1 minute', maximumAttempts: 5 },
});

/** At most this many batches per fire: the next fire goes on where this one stopped. */
const MAX_BATCHES = 20;

/** Marks the invoices that became overdue, batch after batch (docs/invoicing.md). Answers how many. */
export async function markOverdueInvoicesWorkflow(input: OverdueScanInput): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const marked = await markOverdueInvoices(input);
    total += marked;
    if (marked < input.batchSize) break;
  }
  return total;
}
