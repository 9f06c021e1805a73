import { BelongsTo, Column, DataType, Default, ForeignKey, Table } from 'sequelize-typescript';
import { type TaskRunMetadata, AutomationTaskRunModel } from './base/AutomationTaskRunModel';
import { Contact } from './Contact';
import { Organization } from './Organization';
import { User } from './User';
import { WorkflowTrigger } from './WorkflowTrigger';
import { type AutomationEntity } from '../../domain/automations/entity-automations';

export type { TaskRunMetadata };

/**
 * The history of one automation task run for a contact, quote or invoice: unique per trigger,
 * entity, firing ('' for an event) and task, so a run of a trigger on an entity happens once.
 */
@Table({ tableName: 'entity_workflow_task_runs' })
export class EntityAutomationTaskRun extends AutomationTaskRunModel {
  @ForeignKey(() => User)
  @Column({ type: DataType.UUID, allowNull: false })
  declare owner_id: string;

  @Column({ type: DataType.STRING(20), allowNull: false })
  declare entity_type: AutomationEntity;

  @Column({ type: DataType.UUID, allowNull: false })
  declare entity_id: string;

  /** Who the messages go to: the contact itself, or the quote's or invoice's contact. */
  @ForeignKey(() => Contact)
  @Column({ type: DataType.UUID })
  declare contact_id: string | null;

  @ForeignKey(() => WorkflowTrigger)
  @Column({ type: DataType.UUID, allowNull: false })
  declare trigger_id: string;

  /** The SCHEDULED trigger's firing (its job run id); '' for an event's run. */
  @Default('')
  @Column({ type: DataType.STRING(200), allowNull: false })
  declare firing_id: string;

  // Associations

  /** The studio the record belongs to (its settings: time zone, language). */
  @BelongsTo(() => Organization, 'owner_id')
  declare owner?: Organization;

  @BelongsTo(() => Contact, 'contact_id')
  declare contact?: Contact | null;
}
