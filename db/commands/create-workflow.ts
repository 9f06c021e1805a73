import { type Sequelize } from 'sequelize-typescript';
import { Workflow } from '../models/Workflow';
import { findOwnedWorkflow } from '../queries/studio-workflows';
import { replaceTasks, type WorkflowProps } from './studio-workflows';

/** Creates a workflow with its tasks and their actions in one transaction. */
export async function createWorkflow(
  sequelize: Sequelize,
  ownerId: string,
  props: Required<Pick<WorkflowProps, 'name'>> & WorkflowProps,
): Promise<Workflow> {
  return sequelize.transaction(async (transaction) => {
    const workflow = await Workflow.create(
      { owner_id: ownerId, name: props.name, description: props.description ?? null, is_template: false },
      { transaction },
    );
    await replaceTasks(workflow.id, ownerId, props.tasks ?? [], transaction);
    return findOwnedWorkflow(sequelize, workflow.id, ownerId, transaction);
  });
}
