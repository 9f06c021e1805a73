import { studioActivityOf } from '../../../domain/client-portal/studio-activity';

describe('what the studio app hears of an outbox event', () => {
  const event = (event_type: string) => ({
    event_type,
    entity_type: 'QUOTE',
    entity_id: '00000000-0000-4000-8000-000000000001',
    created_at: new Date('2026-11-27T08:00:00Z'),
  });

  it("announces the client's steps and payments with what and when", () => {
    for (const type of [
      'QUOTE_VIEWED',
      'QUOTE_SIGNED',
      'QUOTE_DECLINED',
      'INVOICE_VIEWED',
      'CHECKOUT_STARTED',
      'PAYMENT_RECEIVED',
    ])
      expect(studioActivityOf(event(type))).toEqual({
        event: type,
        entity_type: 'QUOTE',
        entity_id: '00000000-0000-4000-8000-000000000001',
        occurred_at: '2026-11-27T08:00:00.000Z',
      });
  });

  it('stays silent for the studio’s own changes', () => {
    for (const type of ['SESSION_CREATED', 'CONTACT_CREATED', 'SESSION_RESCHEDULED', 'SCHEDULED'])
      expect(studioActivityOf(event(type))).toBeNull();
  });
});
