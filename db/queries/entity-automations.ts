import { type Sequelize } from 'sequelize-typescript';
import { literal } from 'sequelize';
import { NotFoundError } from '../../domain/errors';
import { type AutomationEntity, type TaskShape } from '../../domain/automations/entity-automations';
import { Contact } from '../models/Contact';
import { EntityAutomationTaskRun } from '../models/EntityAutomationTaskRun';
import { Invoice } from '../models/Invoice';
import { Quote } from '../models/Quote';
import { Organization } from '../models/Organization';
import { AutomationTask } from '../models/AutomationTask';
import { AutomationTaskAction } from '../models/AutomationTaskAction';
import { type EntityAutomationTaskRunRow, type Row } from '../rows';

/** An automation's tasks as the entity-automation rules read them, in display order (empty when the automation is not the owner's). */
export async function listAutomationTaskShapes(
  _sequelize: Sequelize,
  ownerId: string,
  automationId: string,
): Promise<(TaskShape & { id: string })[]> {
  const tasks = await AutomationTask.findAll({
    where: { workflow_id: automationId },
    include: [{ association: 'workflow', where: { owner_id: ownerId }, attributes: [] }],
    attributes: ['id', 'name', 'task_type', 'timing'],
    order: [
      ['display_order', 'ASC'],
      ['created_at', 'ASC'],
    ],
  });
  return tasks.map((t) => ({ id: t.id, name: t.name, task_type: t.task_type, timing: t.timing }));
}

/** A contact, quote or invoice of the owner's, with who its messages go to. */
export interface EntityWithContact {
  /** The quote or invoice (plain), null for a contact. */
  document: Row<Quote> | Row<Invoice> | null;
  /** The contact itself, or the document's contact (the owner's); null when it has none. */
  contact: Contact | null;
}

/** The owner's contact, quote or invoice and its contact; null when the entity no longer exists. */
export async function loadEntityWithContact(
  _sequelize: Sequelize,
  ownerId: string,
  entityType: AutomationEntity,
  entityId: string,
): Promise<EntityWithContact | null> {
  if (entityType === 'CONTACT') {
    const contact = await Contact.findOne({ where: { id: entityId, owner_id: ownerId } });
    return contact ? { document: null, contact } : null;
  }
  const model = (entityType === 'QUOTE' ? Quote : Invoice) as typeof Quote;
  const document = await model.findOne({ where: { id: entityId, owner_id: ownerId } });
  if (!document) return null;
  const contact = document.contact_id
    ? await Contact.findOne({ where: { id: document.contact_id, owner_id: ownerId } })
    : null;
  return { document: document.get({ plain: true }) as Row<Quote>, contact };
}

/** What running one entity task needs: the run, its task with actions (display order) and the owner. */
export interface EntityTaskRunContext {
  run: EntityAutomationTaskRun;
  task: AutomationTask & { actions: AutomationTaskAction[] };
  owner: Organization;
}

export async function loadEntityTaskRunContext(
  _sequelize: Sequelize,
  taskRunId: string,
): Promise<EntityTaskRunContext | null> {
  const run = await EntityAutomationTaskRun.findByPk(taskRunId, {
    include: [
      { model: AutomationTask, include: [AutomationTaskAction] },
      { model: Organization, as: 'owner' },
    ],
    order: [['workflow_task', 'actions', 'display_order', 'ASC']],
  });
  if (!run?.workflow_task || !run.owner) return null;
  return { run, task: run.workflow_task as EntityTaskRunContext['task'], owner: run.owner };
}

/**
 * The task runs of the automations run for one of the owner's contacts, quotes or invoices (404
 * otherwise), due first (a later firing's after an earlier one's), then in the workflow's order;
 * runs without a date (SKIPPED ones) last.
 */
export async function listEntityTaskRuns(
  sequelize: Sequelize,
  ownerId: string,
  entityType: AutomationEntity,
  entityId: string,
): Promise<EntityAutomationTaskRunRow[]> {
  if (!(await loadEntityWithContact(sequelize, ownerId, entityType, entityId)))
    throw new NotFoundError(entityType === 'CONTACT' ? 'Contact' : entityType === 'QUOTE' ? 'Quote' : 'Invoice');
  return EntityAutomationTaskRun.findAll({
    where: { owner_id: ownerId, entity_type: entityType, entity_id: entityId },
    include: [{ model: AutomationTask, attributes: ['name', 'task_type', 'display_order'] }],
    order: [
      [literal('"EntityAutomationTaskRun"."scheduled_at" IS NULL'), 'ASC'],
      ['scheduled_at', 'ASC'],
      ['workflow_task', 'display_order', 'ASC'],
      ['id', 'ASC'],
    ],
  });
}
