import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { type Page, type PageRequest } from '../../domain/pagination';
import { Workflow } from '../models/Workflow';
import { WorkflowTask } from '../models/WorkflowTask';
import { WorkflowTaskAction } from '../models/WorkflowTaskAction';
import { type WorkflowRow } from '../rows';
import { findPage } from './find-page';

const withTasks = [{ model: WorkflowTask, include: [WorkflowTaskAction] }];

/** A page of the owner's workflows with their tasks and actions, newest first. */
export async function listWorkflows(
  _sequelize: Sequelize,
  ownerId: string,
  page: PageRequest,
): Promise<Page<WorkflowRow>> {
  return findPage(Workflow, { where: { owner_id: ownerId }, include: withTasks, distinct: true }, page);
}

/** The system workflow templates a studio can copy, by name. */
export function listWorkflowTemplates(_sequelize: Sequelize): Promise<WorkflowRow[]> {
  return Workflow.findAll({
    where: { owner_id: null, is_template: true },
    include: withTasks,
    order: [
      ['name', 'ASC'],
      ['id', 'ASC'],
    ],
  });
}

/** The owner's workflow with its tasks and actions; 404 for anyone else's (and for the system templates). */
export async function findOwnedWorkflow(
  _sequelize: Sequelize,
  id: string,
  ownerId: string,
  transaction?: Transaction,
): Promise<Workflow> {
  const workflow = await Workflow.findOne({ where: { id, owner_id: ownerId }, include: withTasks, transaction });
  if (!workflow) throw new NotFoundError('Workflow');
  return workflow;
}

/** One of the owner's workflows with its tasks in display order (then creation), or null: what applying it runs. */
export function findWorkflowWithTasks(
  _sequelize: Sequelize,
  ownerId: string,
  workflowId: string,
): Promise<Workflow | null> {
  return Workflow.findOne({
    where: { id: workflowId, owner_id: ownerId },
    include: [WorkflowTask],
    order: [
      ['tasks', 'display_order', 'ASC'],
      ['tasks', 'created_at', 'ASC'],
    ],
  });
}
