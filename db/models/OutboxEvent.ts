import { AutoIncrement, Column, DataType, Model, PrimaryKey, Table } from 'sequelize-typescript';
import { type OutboxEventType, type DomainEntityType } from '../../domain/events/domain-event';

/** A domain event written in the same transaction as the change it describes (transactional outbox). */
@Table({ tableName: 'outbox_events', updatedAt: false })
export class OutboxEvent extends Model {
  @PrimaryKey
  @AutoIncrement
  @Column({ type: DataType.BIGINT })
  declare id: string;

  @Column({ type: DataType.STRING(50), allowNull: false })
  declare event_type: OutboxEventType;

  @Column({ type: DataType.STRING(20), allowNull: false })
  declare entity_type: DomainEntityType;

  @Column({ type: DataType.UUID, allowNull: false })
  declare entity_id: string;

  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @Column({ type: DataType.JSONB, allowNull: false })
  declare payload: Record<string, unknown>;

  @Column({ type: DataType.STRING(200) })
  declare request_id: string | null;

  @Column({ type: DataType.DATE })
  declare dispatched_at: Date | null;

  @Column({ type: DataType.INTEGER, allowNull: false, defaultValue: 0 })
  declare attempts: number;

  @Column({ type: DataType.TEXT })
  declare last_error: string | null;

  /** The end of a relay's claim on the event (db/commands/outbox-events.ts); null when unclaimed. */
  @Column({ type: DataType.DATE })
  declare claimed_until: Date | null;

  declare created_at: Date;
}
