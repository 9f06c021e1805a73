import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { createOverdueInvoicesActivities } from '../../../../activities/overdue-invoices';

const env = (attempt: number) => new MockActivityEnvironment({ attempt }, { logger: new DefaultLogger('ERROR') });

/** Invoices past due; the fake command marks up to a batch once each, as the SQL's `overdue_at IS NULL` does. */
function fakeDb(due: string[]) {
  const marked = new Set<string>();
  const markOverdueInvoices = jest.fn(async (batchSize: number) => {
    const batch = due.filter((id) => !marked.has(id)).slice(0, batchSize);
    for (const id of batch) marked.add(id);
    return batch.length;
  });
  return { markOverdueInvoices, marked };
}

describe('markOverdueInvoices with fake deps', () => {
  it('marks one batch of the given size and answers how many it marked', async () => {
    const db = fakeDb(['i1', 'i2', 'i3']);
    const activities = createOverdueInvoicesActivities(db);
    expect(await env(1).run(activities.markOverdueInvoices, { batchSize: 2 })).toBe(2);
    expect(db.markOverdueInvoices).toHaveBeenCalledWith(2);
    expect([...db.marked]).toEqual(['i1', 'i2']);
  });

  it('lets a database failure through as a retryable error', async () => {
    const activities = createOverdueInvoicesActivities({
      markOverdueInvoices: jest.fn(async () => {
        throw new Error('Connection terminated unexpectedly');
      }),
    });
    await expect(env(1).run(activities.markOverdueInvoices, { batchSize: 10 })).rejects.toThrow(
      'Connection terminated unexpectedly',
    );
  });

  it('a retry (attempt 2) of a batch that was already marked marks nothing twice', async () => {
    const db = fakeDb(['i1', 'i2']);
    const activities = createOverdueInvoicesActivities(db);
    expect(await env(1).run(activities.markOverdueInvoices, { batchSize: 10 })).toBe(2);
    expect(await env(2).run(activities.markOverdueInvoices, { batchSize: 10 })).toBe(0);
    expect(db.markOverdueInvoices).toHaveBeenNthCalledWith(2, 10);
    expect(db.marked.size).toBe(2);
  });
});
