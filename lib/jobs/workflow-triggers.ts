import { type Client } from '@temporalio/client';
import { type Sequelize } from 'sequelize-typescript';
import { deleteAutomation as deleteAutomationRows } from '../../db/commands/delete-automation';
import { type TriggerProps } from '../../db/commands/workflow-triggers';
import { createTrigger as saveTrigger } from '../../db/commands/create-workflow-trigger';
import { deleteTrigger as deleteTriggerRow } from '../../db/commands/delete-workflow-trigger';
import { discardTrigger } from '../../db/commands/discard-workflow-trigger';
import { restoreTrigger } from '../../db/commands/restore-workflow-trigger';
import { updateTrigger as saveTriggerUpdate } from '../../db/commands/update-workflow-trigger';
import { findTrigger, listScheduledTriggerIds } from '../../db/queries/workflow-triggers';
import { type WorkflowTriggerRow } from '../../db/rows';
import { type DomainEventType } from '../../domain/events/domain-event';
import { UnavailableError } from '../../domain/errors';
import { deleteTriggerSchedule, syncTriggerSchedule } from './trigger-schedules';

/*
 * A SCHEDULED trigger is a row and a Temporal Schedule kept in step (as scheduled exports are,
 * lib/jobs/scheduled-exports.ts); this is the one place that changes both. Creation commits the
 * row first and removes it again if Temporal refuses the schedule; an update commits the row, then
 * changes the schedule, and writes the row back if Temporal refuses; deletion removes the schedule
 * first. No transaction is open while Temporal is asked. A Temporal failure is a 503 that leaves
 * the trigger as it was, never a trigger without its schedule.
 */

const unavailable = (what: string, err: unknown) =>
  new UnavailableError(`The trigger's schedule could not be ${what}; nothing was saved (${(err as Error).message})`);

/** Creates a trigger; a SCHEDULED one gets its Temporal Schedule (503 and no trigger when Temporal refuses). */
export async function createTrigger(
  sequelize: Sequelize,
  temporal: Client,
  ownerId: string,
  automationId: string,
  props: TriggerProps & { name: string; trigger_event: DomainEventType; is_active: boolean; execution_order: number },
): Promise<WorkflowTriggerRow> {
  const row = await saveTrigger(sequelize, ownerId, automationId, props);
  if (row.trigger_event !== 'SCHEDULED') return row;
  try {
    await syncTriggerSchedule(temporal, row);
  } catch (err) {
    await discardTrigger(sequelize, row.id);
    throw unavailable('created', err);
  }
  return row;
}

/**
 * Updates a trigger, then its schedule (created, updated, paused or deleted as the row now says);
 * if Temporal refuses, the row is written back as it was and the answer is a 503.
 */
export async function updateTrigger(
  sequelize: Sequelize,
  temporal: Client,
  ownerId: string,
  automationId: string,
  id: string,
  props: TriggerProps,
): Promise<WorkflowTriggerRow> {
  const { saved, previous } = await saveTriggerUpdate(sequelize, ownerId, automationId, id, props);
  // A trigger that is not SCHEDULED and was not has no schedule (and needs no Temporal).
  if (saved.trigger_event !== 'SCHEDULED' && previous.trigger_event !== 'SCHEDULED') return saved;
  try {
    await syncTriggerSchedule(temporal, saved);
  } catch (err) {
    await restoreTrigger(sequelize, previous);
    throw unavailable('updated', err);
  }
  return saved;
}

/** Deletes a trigger: its schedule first (one already gone is fine), then its row. */
export async function deleteTrigger(
  sequelize: Sequelize,
  temporal: Client,
  ownerId: string,
  automationId: string,
  id: string,
): Promise<void> {
  const trigger = await findTrigger(sequelize, ownerId, automationId, id);
  if (trigger.trigger_event === 'SCHEDULED') await deleteTriggerSchedule(temporal, trigger.id);
  await deleteTriggerRow(sequelize, ownerId, automationId, id);
}

/** Deletes a workflow with its triggers: the schedules of its SCHEDULED triggers first, then the rows. */
export async function deleteAutomation(
  sequelize: Sequelize,
  temporal: Client,
  ownerId: string,
  automationId: string,
): Promise<void> {
  for (const triggerId of await listScheduledTriggerIds(sequelize, ownerId, automationId))
    await deleteTriggerSchedule(temporal, triggerId);
  await deleteAutomationRows(sequelize, ownerId, automationId);
}
