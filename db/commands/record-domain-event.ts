import { type Sequelize } from 'sequelize-typescript';
import { type Transaction } from 'sequelize';
import { type DomainEvent } from '../../domain/events/domain-event';
import { OutboxEvent } from '../models/OutboxEvent';

/** Writes a domain event to the outbox inside the caller's transaction: the change and its event land together. */
export async function recordDomainEvent(
  _sequelize: Sequelize,
  event: DomainEvent,
  transaction: Transaction,
): Promise<void> {
  await OutboxEvent.create(
    {
      event_type: event.eventType,
      entity_type: event.entityType,
      entity_id: event.entityId,
      owner_id: event.ownerId,
      payload: event.payload,
      request_id: event.requestId ?? null,
    },
    { transaction },
  );
}
