import { hearsPlatformStatus } from '../../../domain/e-invoicing/platform-trigger';
import { conditionFieldsOf } from '../../../domain/workflow-triggers/fields';
import { platformStatusActivityOf } from '../../../domain/e-invoicing/platform-activity';

describe('platform statuses announced to the studio app', () => {
  const base = { entity_type: 'INVOICE', entity_id: 'i1', created_at: '2026-11-27T08:00:00.000Z' };
  it('announces an INVOICE_STATUS_CHANGED that carries a platform status, and nothing else', () => {
    expect(
      platformStatusActivityOf({
        ...base,
        event_type: 'INVOICE_STATUS_CHANGED',
        payload: { status: 'ISSUED', platform_status: 'Rejetée', platform_status_reason: 'REJ_UNKNOWN_RECIPIENT' },
      }),
    ).toEqual({
      entity_type: 'INVOICE',
      entity_id: 'i1',
      platform_status: 'Rejetée',
      platform_status_reason: 'REJ_UNKNOWN_RECIPIENT',
      occurred_at: '2026-11-27T08:00:00.000Z',
    });
    expect(
      platformStatusActivityOf({ ...base, event_type: 'INVOICE_STATUS_CHANGED', payload: { status: 'PAID' } }),
    ).toBeNull();
    expect(
      platformStatusActivityOf({ ...base, event_type: 'PAYMENT_RECEIVED', payload: { platform_status: 'x' } }),
    ).toBeNull();
  });
});

describe('triggers on platform statuses', () => {
  it('are heard only by a trigger with a condition on platform_status', () => {
    expect(
      hearsPlatformStatus({
        operator: 'AND',
        conditions: [{ field: 'platform_status', operator: 'equals', value: 'Rejetée' }],
      }),
    ).toBe(true);
    expect(
      hearsPlatformStatus({ operator: 'AND', conditions: [{ field: 'status', operator: 'equals', value: 'PAID' }] }),
    ).toBe(false);
    expect(hearsPlatformStatus(null)).toBe(false);
    expect(conditionFieldsOf('INVOICE_STATUS_CHANGED')).toEqual(expect.arrayContaining(['platform_status', 'status']));
  });
});
