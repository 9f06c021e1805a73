import { type Sequelize } from 'sequelize-typescript';
import { Op, type Transaction } from 'sequelize';
import { type DomainEntityType } from '../../domain/events/domain-event';
import { Contact } from '../models/Contact';
import { Invoice } from '../models/Invoice';
import { Quote } from '../models/Quote';
import { Session } from '../models/Session';
import { NotFoundError } from '../../domain/errors';
import { WorkflowTrigger } from '../models/WorkflowTrigger';
import { WorkflowTriggerExecution } from '../models/WorkflowTriggerExecution';
import { type WorkflowTriggerExecutionRow, type WorkflowTriggerRow } from '../rows';

/** One trigger of the owner's workflow; anything else reads as not found. */
export async function findTrigger(
  _sequelize: Sequelize,
  ownerId: string,
  automationId: string,
  id: string,
  options: { transaction?: Transaction; lock?: boolean } = {},
): Promise<WorkflowTrigger> {
  const trigger = await WorkflowTrigger.findOne({
    where: { id, workflow_id: automationId, owner_id: ownerId },
    transaction: options.transaction,
    lock: options.lock && options.transaction ? options.transaction.LOCK.UPDATE : undefined,
  });
  if (!trigger) throw new NotFoundError('Trigger');
  return trigger;
}

/** A workflow's triggers in execution order. */
export function listTriggers(
  _sequelize: Sequelize,
  ownerId: string,
  automationId: string,
): Promise<WorkflowTriggerRow[]> {
  return WorkflowTrigger.findAll({
    where: { workflow_id: automationId, owner_id: ownerId },
    order: [
      ['execution_order', 'ASC'],
      ['created_at', 'ASC'],
      ['id', 'ASC'],
    ],
  });
}

/** A trigger's executions, newest first. */
export function listTriggerExecutions(
  _sequelize: Sequelize,
  triggerId: string,
  limit: number,
): Promise<WorkflowTriggerExecutionRow[]> {
  return WorkflowTriggerExecution.findAll({
    where: { trigger_id: triggerId },
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
    limit,
  });
}

/** A trigger by id alone, as a plain row (a SCHEDULED trigger's firing); null when it is gone. */
export function findTriggerById(_sequelize: Sequelize, id: string): Promise<WorkflowTriggerRow | null> {
  return WorkflowTrigger.findOne({ where: { id }, raw: true });
}

/** The ids of a workflow's SCHEDULED triggers (their schedules go with the workflow). */
export async function listScheduledTriggerIds(
  _sequelize: Sequelize,
  ownerId: string,
  automationId: string,
): Promise<string[]> {
  const rows = await WorkflowTrigger.findAll({
    attributes: ['id'],
    where: { owner_id: ownerId, workflow_id: automationId, trigger_event: 'SCHEDULED' },
    raw: true,
  });
  return rows.map((r) => r.id);
}

const ENTITY_MODELS = { SESSION: Session, CONTACT: Contact, QUOTE: Quote, INVOICE: Invoice } as const;

/** One page of the owner's entity ids of a type, in id order after `afterId` (keyset paging). */
export async function pageOwnedEntityIds(
  _sequelize: Sequelize,
  entityType: DomainEntityType,
  ownerId: string,
  afterId: string | null,
  limit: number,
): Promise<string[]> {
  const model = ENTITY_MODELS[entityType] as typeof Session;
  const rows = await model.findAll({
    attributes: ['id'],
    where: { owner_id: ownerId, ...(afterId ? { id: { [Op.gt]: afterId } } : {}) },
    order: [['id', 'ASC']],
    limit,
    raw: true,
  });
  return rows.map((r) => r.id);
}
