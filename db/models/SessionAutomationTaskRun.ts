import { BelongsTo, Column, DataType, ForeignKey, Table } from 'sequelize-typescript';
import { type TaskRunMetadata, AutomationTaskRunModel } from './base/AutomationTaskRunModel';
import { Session } from './Session';

export type { TaskRunMetadata };

/** The history of one automation task for one session (unique per session and task). */
@Table({ tableName: 'session_workflow_task_runs' })
export class SessionAutomationTaskRun extends AutomationTaskRunModel {
  @ForeignKey(() => Session)
  @Column({ type: DataType.UUID, allowNull: false })
  declare session_id: string;

  // Associations

  @BelongsTo(() => Session, 'session_id')
  declare session?: Session;
}
