import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { CreatedAtModel } from './base/CreatedAtModel';
import { type DomainEntityType } from '../../domain/events/domain-event';
import { JobRun } from './JobRun';
import { User } from './User';
import { type EmailTrackingStatus } from '../../domain/emails/email-tracking-statuses';

/**
 * One email sent (or attempted) about an entity, one row per recipient. SENT has sent_at,
 * FAILED has error; idempotency_key keeps a retried activity from recording twice.
 */
@Table({ tableName: 'email_tracking', updatedAt: false })
export class EmailTracking extends CreatedAtModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @Column({ type: DataType.STRING(20), allowNull: false })
  declare entity_type: DomainEntityType;

  @Column({ type: DataType.UUID, allowNull: false })
  declare entity_id: string;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare recipient: string;

  @Column({ type: DataType.STRING(500) })
  declare subject: string | null;

  /** business_key of the email template used, e.g. `session-info-invite`. */
  @Column({ type: DataType.STRING(100) })
  declare template_key: string | null;

  /** The SMTP Message-ID. */
  @Column({ type: DataType.STRING(255) })
  declare message_id: string | null;

  @Column({ type: DataType.STRING(10), allowNull: false })
  declare status: EmailTrackingStatus;

  @Column({ type: DataType.TEXT })
  declare error: string | null;

  @Column({ type: DataType.STRING(255) })
  declare idempotency_key: string | null;

  @ForeignKey(() => JobRun)
  @Column({ type: DataType.UUID })
  declare job_run_id: string | null;

  @Column({ type: DataType.DATE })
  declare sent_at: Date | null;

  // Associations

  @BelongsTo(() => User, 'owner_id')
  declare owner?: User;

  @BelongsTo(() => JobRun, 'job_run_id')
  declare job_run?: JobRun | null;
}
