import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { Workflow } from '../models/Workflow';
import { findOwnedWorkflow } from '../queries/studio-workflows';
import { replaceTasks, type WorkflowProps } from './studio-workflows';

/** Changes the fields given; `tasks`, when given, replaces every task, in one transaction. */
export async function updateWorkflow(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  props: WorkflowProps,
): Promise<Workflow> {
  return sequelize.transaction(async (transaction) => {
    const workflow = await Workflow.findOne({ where: { id, owner_id: ownerId }, transaction, lock: true });
    if (!workflow) throw new NotFoundError('Workflow');
    if (props.name !== undefined) workflow.name = props.name;
    if (props.description !== undefined) workflow.description = props.description;
    workflow.changed('updated_at', true);
    await workflow.save({ transaction });
    if (props.tasks) await replaceTasks(workflow.id, ownerId, props.tasks, transaction);
    return findOwnedWorkflow(sequelize, workflow.id, ownerId, transaction);
  });
}
