import { BeforeCreate, BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { auditActor } from '../audit-actor';
import { CreatedAtModel } from './base/CreatedAtModel';
import { User } from './User';

/**
 * An append-only record of a change: who (actor_id) did what (action) to which resource, on
 * whose data (resource_owner_id). No updated_at.
 */
@Table({ tableName: 'audit_logs', updatedAt: false })
export class AuditLog extends CreatedAtModel {
  /** The user who acted; NULL for the system (webhooks, schedules) or a deleted user. */
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID })
  declare actor_id: string | null;

  /** One of AUDIT_ACTIONS, or another UPPER_SNAKE word. */
  @Column({ type: DataType.STRING(30), allowNull: false })
  declare action: string;

  /** e.g. INVOICE, QUOTE, SESSION. */
  @Column({ type: DataType.STRING(30), allowNull: false })
  declare entity_type: string;

  @Column({ type: DataType.UUID })
  declare entity_id: string | null;

  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare resource_owner_id: string;

  @Default({})
  @Column({ type: DataType.JSONB, allowNull: false })
  declare metadata: Record<string, unknown>;

  @Column({ type: DataType.STRING(200) })
  declare request_id: string | null;

  // Associations

  @BelongsTo(() => User, 'actor_id')
  declare actor?: User | null;

  @BelongsTo(() => User, 'resource_owner_id')
  declare resource_owner?: User;

  /**
   * A row written as the studio's own act (actor = the studio) names the member who acted in the
   * request instead (issue 44, db/audit-actor.ts): the commands say "the studio", the request knows who. A row with
   * another actor (a client, the system's null) is kept as written.
   */
  @BeforeCreate
  static namesTheActingMember(row: AuditLog): void {
    if (row.actor_id !== null && row.actor_id === row.resource_owner_id) row.actor_id = auditActor(row.actor_id);
  }
}
