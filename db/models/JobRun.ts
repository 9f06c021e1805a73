import { Column, DataType, Default, Table } from 'sequelize-typescript';
import { IdModel } from './base/IdModel';
import { type JobRunStatus } from '../../domain/jobs/job-run-status';

/**
 * One run of a job (one Temporal workflow execution). FAILED with in_dlq is the dead-letter
 * queue: replay starts a new run with the same payload and links both rows.
 */
@Table({ tableName: 'job_runs' })
export class JobRun extends IdModel {
  @Column({ type: DataType.STRING(100), allowNull: false })
  declare job_name: string;

  @Default('RUNNING')
  @Column({ type: DataType.STRING(10), allowNull: false })
  declare status: JobRunStatus;

  /** The highest activity attempt Temporal reported for this run (0 before the first activity). */
  @Default(0)
  @Column({ type: DataType.INTEGER, allowNull: false })
  declare attempt: number;

  @Column({ type: DataType.STRING(100) })
  declare entity_id: string | null;

  @Column({ type: DataType.UUID })
  declare org_id: string | null;

  @Column({ type: DataType.UUID })
  declare user_id: string | null;

  @Default({})
  @Column({ type: DataType.JSONB, allowNull: false })
  declare payload: Record<string, unknown>;

  @Column({ type: DataType.JSONB })
  declare result: unknown;

  @Column({ type: DataType.STRING(255), allowNull: false })
  declare workflow_id: string;

  @Column({ type: DataType.STRING(100) })
  declare run_id: string | null;

  @Column({ type: DataType.STRING(100), allowNull: false })
  declare task_queue: string;

  @Column({ type: DataType.STRING(100), allowNull: false })
  declare workflow_type: string;

  @Column({ type: DataType.STRING(200) })
  declare request_id: string | null;

  @Column({ type: DataType.DATE, allowNull: false })
  declare started_at: Date;

  @Column({ type: DataType.DATE })
  declare finished_at: Date | null;

  @Column({ type: DataType.TEXT })
  declare error: string | null;

  @Default(false)
  @Column({ type: DataType.BOOLEAN, allowNull: false })
  declare in_dlq: boolean;

  @Column({ type: DataType.UUID })
  declare replayed_by: string | null;

  @Column({ type: DataType.UUID })
  declare replay_of: string | null;

  /** When ops purged it from the dead-letter queue (the queue board); it stays FAILED, not replayable. */
  @Column({ type: DataType.DATE })
  declare purged_at: Date | null;

  @Column({ type: DataType.INTEGER })
  declare cost_cents: number | null;
}
