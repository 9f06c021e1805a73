import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { createEInvoiceTransmitActivities } from '../../../../activities/e-invoicing/transmit-e-invoice';
import { createEInvoiceCashedActivities } from '../../../../activities/e-invoicing/send-cashed-status';
import { type PlatformStatusInput } from '../../../../db/commands/record-platform-status';
import { type Flow, PlatformError, type PlatformClient } from '../../../../lib/e-invoicing/platform-client';
import { createMemoryLogger } from '../../../fixtures/memory-logger';
import { fakeS3 } from '../../../helpers/fake-s3';

const env = () => new MockActivityEnvironment({ attempt: 1 }, { logger: new DefaultLogger('ERROR') });
/** Runs an activity in the mock environment, answering its own result type. */
const run = <A, R>(fn: (arg: A) => Promise<R>, arg: A): Promise<R> => env().run(fn, arg) as Promise<R>;
const payload = { kind: 'invoice' as const, documentId: 'inv-1', ownerId: 'owner-1' };
const file = {
  key: 'pdfs/invoices/owner-1/inv-1/e-invoice/facture-F-1-facturx.pdf',
  filename: 'facture-F-1-facturx.pdf',
};
const flow = (over: Partial<Flow> = {}): Flow => ({
  flowId: 'flow-1',
  trackingId: 'invoice:inv-1',
  flowSyntax: 'Factur-X',
  flowType: 'CustomerInvoice',
  processingRule: 'B2B',
  direction: 'Out',
  status: 'Déposée',
  reason: null,
  updatedAt: '2026-11-27T08:00:00.000Z',
  history: [{ status: 'Déposée', reason: null, at: '2026-11-27T08:00:00.000Z' }],
  ...over,
});

function setUp(platform: Partial<PlatformClient> | null, recorded = false) {
  const statuses: PlatformStatusInput[] = [];
  const client = platform
    ? ({ searchFlows: jest.fn(async () => []), sendFlow: jest.fn(async () => flow()), ...platform } as PlatformClient)
    : null;
  const { s3 } = fakeS3({ getBody: new Uint8Array([37, 80, 68, 70]) });
  const { logger } = createMemoryLogger();
  const activities = createEInvoiceTransmitActivities({
    s3,
    bucket: 'studio',
    logger,
    studioPlatform: async () => client,
    findPlatformTransmission: jest.fn(async () =>
      recorded
        ? {
            document_kind: 'invoice' as const,
            document_id: 'inv-1',
            owner_id: 'owner-1',
            flow_id: 'flow-0',
            status: 'Approuvée',
            reason: null,
            cashed_sent_at: null,
            updated_at: new Date(),
          }
        : null,
    ),
    recordPlatformStatus: jest.fn(async (input: PlatformStatusInput) => {
      statuses.push(input);
      return true;
    }),
  });
  return { activities, client, statuses, s3 };
}

describe('transmitEInvoice with fake deps', () => {
  it('sends the file once with its tracking id and records the answer', async () => {
    const { activities, client, statuses } = setUp({});
    expect(await run(activities.transmitEInvoice, { payload, file })).toEqual({
      outcome: 'sent',
      flowId: 'flow-1',
      status: 'Déposée',
    });
    expect(client!.sendFlow).toHaveBeenCalledWith(
      expect.any(Buffer),
      expect.objectContaining({ trackingId: 'invoice:inv-1', flowSyntax: 'Factur-X', processingRule: 'B2B' }),
    );
    expect(statuses.map((s) => [s.status, s.source])).toEqual([['Déposée', 'platform']]);
  });

  it('finds a flow an earlier attempt sent instead of sending it again; a recorded one is left alone', async () => {
    const found = setUp({ searchFlows: jest.fn(async () => [flow()]) });
    expect((await run(found.activities.transmitEInvoice, { payload, file })).outcome).toBe('found');
    expect(found.client!.sendFlow).not.toHaveBeenCalled();
    const recorded = setUp({}, true);
    expect(await run(recorded.activities.transmitEInvoice, { payload, file })).toEqual({
      outcome: 'already',
      flowId: 'flow-0',
      status: 'Approuvée',
    });
    expect(recorded.client!.searchFlows).not.toHaveBeenCalled();
  });

  it('skips a studio without a platform; a platform down is retried, a refused request is not', async () => {
    expect((await run(setUp(null).activities.transmitEInvoice, { payload, file })).outcome).toBe('skipped');
    const down = setUp({
      searchFlows: jest.fn(async () => Promise.reject(new PlatformError('server', 'answered 503', 503))),
    });
    await expect(run(down.activities.transmitEInvoice, { payload, file })).rejects.toBeInstanceOf(PlatformError);
    const refused = setUp({
      sendFlow: jest.fn(async () => Promise.reject(new PlatformError('refused', 'answered 400', 400))),
    });
    await expect(run(refused.activities.transmitEInvoice, { payload, file })).rejects.toMatchObject({
      type: 'platform_refused',
      nonRetryable: true,
    });
  });
});

describe('sendCashedStatus with fake deps', () => {
  const payment = {
    invoice_id: 'inv-1',
    amount: '300.00',
    currency: 'EUR',
    method: 'bank_transfer',
    received_at: new Date('2026-11-20T10:00:00Z'),
    flow_id: 'flow-1',
    transmission_status: 'Approuvée',
    vat_on_debits: false,
    time_zone: 'Europe/Paris',
  };
  function cashed(row: typeof payment, client: Partial<PlatformClient> = {}) {
    const sendFlow = jest.fn(async () => flow({ flowId: 'lc-1', flowType: 'CustomerInvoiceLC' }));
    const platform = { searchFlows: jest.fn(async () => []), sendFlow, ...client } as PlatformClient;
    const recordPlatformStatus = jest.fn(async () => true);
    const { logger } = createMemoryLogger();
    const activities = createEInvoiceCashedActivities({
      logger,
      studioPlatform: async () => platform,
      findCashedPayment: async () => row,
      recordPlatformStatus,
    });
    return { activities, sendFlow, recordPlatformStatus };
  }

  it('sends Encaissée with the date and amount on the invoice flow, and records it as sent by the service', async () => {
    const { activities, sendFlow, recordPlatformStatus } = cashed(payment);
    expect(await run(activities.sendCashedStatus, { paymentId: 'pay-1', ownerId: 'owner-1' })).toEqual({
      outcome: 'sent',
    });
    const [file, info] = sendFlow.mock.calls[0] as unknown as [Buffer, Record<string, unknown>];
    expect(JSON.parse(file.toString())).toEqual({
      originalFlowId: 'flow-1',
      status: 'Encaissée',
      date: '2026-11-20',
      amount: '300.00',
      currency: 'EUR',
    });
    expect(info).toMatchObject({ flowType: 'CustomerInvoiceLC', flowSyntax: 'CDAR', trackingId: 'cashed:pay-1' });
    expect(recordPlatformStatus).toHaveBeenCalledWith(
      expect.objectContaining({ status: 'Encaissée', source: 'service', flowId: 'flow-1' }),
    );
  });

  it('sends nothing with VAT on debits, or for an invoice not transmitted or rejected', async () => {
    for (const row of [
      { ...payment, vat_on_debits: true },
      { ...payment, flow_id: null as unknown as string },
      { ...payment, transmission_status: 'Rejetée' },
    ]) {
      const { activities, sendFlow } = cashed(row);
      expect((await run(activities.sendCashedStatus, { paymentId: 'pay-1', ownerId: 'owner-1' })).outcome).toBe(
        'not_sent',
      );
      expect(sendFlow).not.toHaveBeenCalled();
    }
  });
});
