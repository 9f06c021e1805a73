import { type Sequelize } from 'sequelize-typescript';
import { OutboxEvent } from '../models/OutboxEvent';

/** An outbox event as a plain row, or null when it no longer exists. */
export function findOutboxEvent(_sequelize: Sequelize, eventId: string): Promise<OutboxEventRecord | null> {
  return OutboxEvent.findByPk(eventId, { raw: true });
}

/** What trigger evaluation reads of an outbox event. */
export type OutboxEventRecord = Pick<
  OutboxEvent,
  'id' | 'event_type' | 'owner_id' | 'entity_type' | 'entity_id' | 'request_id' | 'payload'
>;
