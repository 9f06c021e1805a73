import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { type Page, type PageRequest } from '../../domain/pagination';
import { Automation } from '../models/Automation';
import { AutomationTask } from '../models/AutomationTask';
import { AutomationTaskAction } from '../models/AutomationTaskAction';
import { type AutomationRow } from '../rows';
import { findPage } from './find-page';

const withTasks = [{ model: AutomationTask, include: [AutomationTaskAction] }];

/** A page of the owner's automations with their tasks and actions, newest first. */
export async function listAutomations(
  _sequelize: Sequelize,
  ownerId: string,
  page: PageRequest,
): Promise<Page<AutomationRow>> {
  return findPage(Automation, { where: { owner_id: ownerId }, include: withTasks, distinct: true }, page);
}

/** The system automation templates a studio can copy, by name. */
export function listAutomationTemplates(_sequelize: Sequelize): Promise<AutomationRow[]> {
  return Automation.findAll({
    where: { owner_id: null, is_template: true },
    include: withTasks,
    order: [
      ['name', 'ASC'],
      ['id', 'ASC'],
    ],
  });
}

/** The owner's automation with its tasks and actions; 404 for anyone else's (and for the system templates). */
export async function findOwnedAutomation(
  _sequelize: Sequelize,
  id: string,
  ownerId: string,
  transaction?: Transaction,
): Promise<Automation> {
  const workflow = await Automation.findOne({ where: { id, owner_id: ownerId }, include: withTasks, transaction });
  if (!workflow) throw new NotFoundError('Workflow');
  return workflow;
}

/** One of the owner's automations with its tasks in display order (then creation), or null: what applying it runs. */
export function findAutomationWithTasks(
  _sequelize: Sequelize,
  ownerId: string,
  automationId: string,
): Promise<Automation | null> {
  return Automation.findOne({
    where: { id: automationId, owner_id: ownerId },
    include: [AutomationTask],
    order: [
      ['tasks', 'display_order', 'ASC'],
      ['tasks', 'created_at', 'ASC'],
    ],
  });
}
