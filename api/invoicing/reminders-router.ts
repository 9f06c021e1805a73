import { type Client } from '@temporalio/client';
import { Router } from 'express';
import { type Logger } from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { type ReminderControl, setInvoiceReminderControl } from '../../db/commands/set-invoice-reminder-control';
import { saveReminderSettings } from '../../db/commands/save-reminder-settings';
import { setContactRemindersPaused } from '../../db/commands/set-contact-reminders-paused';
import {
  findReminderDecision,
  findReminderSettings,
  listInvoiceReminders,
  listOwedInvoiceIds,
} from '../../db/queries/invoice-reminders';
import { NotFoundError, ValidationError } from '../../domain/errors';
import { reminderStepProblems } from '../../domain/invoicing/reminder-plan';
import { reminderStepsOf, type StoredReminderStep } from '../../domain/invoicing/stored-reminder-steps';
import { signalInvoiceReminders } from '../../lib/jobs/invoice-reminders-signal';
import { IdParams } from '../http/common-schemas';
import { type createRouteKit, registerRoutes, routesFor } from '../http/route-kit';
import {
  ContactRemindersBody,
  InvoiceRemindersBody,
  InvoiceRemindersView,
  ReminderSettingsBody,
  ReminderSettingsView,
} from './reminder-schema';

export interface RemindersRouterDeps {
  sequelize: Sequelize;
  temporal: Client;
  logger: Logger;
  kit: ReturnType<typeof createRouteKit>;
}

const CONTROL_OF = { active: 'ACTIVE', paused: 'PAUSED', stopped: 'STOPPED' } as const satisfies Record<
  string,
  ReminderControl
>;

type RemindersHandlers = RemindersRouterDeps & {
  remindersView: ReturnType<typeof remindersViewOf>;
};
const route = routesFor<RemindersHandlers, RemindersRouterDeps>();

const presentSettings = (s: { steps: StoredReminderStep[]; updated_at: Date | null }) => ({
  reminder_steps: s.steps,
  updated_at: s.updated_at?.toISOString() ?? null,
});

const remindersViewOf =
  ({ sequelize }: RemindersRouterDeps) =>
  async (ownerId: string, invoiceId: string) => {
    const { decision, facts } = await findReminderDecision(sequelize, ownerId, invoiceId, new Date());
    if (!facts) throw new NotFoundError('Invoice');
    const sent = await listInvoiceReminders(sequelize, ownerId, invoiceId);
    return {
      invoice_id: invoiceId,
      state:
        decision.kind === 'send'
          ? ('active' as const)
          : decision.kind === 'hold'
            ? ('held' as const)
            : ('ended' as const),
      reason: decision.kind === 'send' ? null : decision.reason,
      control:
        facts.control === 'STOPPED'
          ? ('stopped' as const)
          : facts.control === 'PAUSED'
            ? ('paused' as const)
            : ('active' as const),
      client_paused: facts.client_paused,
      next:
        decision.kind === 'send'
          ? {
              at: decision.reminder.at.toISOString(),
              due_date: decision.dueDate,
              scheduled_date: decision.reminder.scheduledDate,
              step_index: decision.reminder.stepIndex,
              occurrence: decision.reminder.occurrence,
              channels: decision.reminder.channels,
            }
          : null,
      sent: sent.map((r) => ({
        id: r.id,
        due_date: r.due_date,
        step_index: r.step_index,
        occurrence: r.occurrence,
        scheduled_date: r.scheduled_date,
        channels: r.channels,
        status: r.status,
        sms_status: r.sms_status,
        error: r.error,
        sent_at: r.sent_at.toISOString(),
        recipient: r.recipient,
        subject: r.subject,
      })),
    };
  };

/** Every route of buildRemindersRouter, in the document's order. */
const REMINDERS_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/users/me/reminder-settings',
      operationId: 'getReminderSettings',
      summary: "The studio's payment reminder steps (none: no reminders)",
      tag: 'invoices',
      auth: 'user',
      response: ReminderSettingsView,
    },
    ({ sequelize }) =>
      async ({ user }) =>
        presentSettings(await findReminderSettings(sequelize, user.orgId)),
  ),

  route(
    {
      method: 'put',
      path: '/api/users/me/reminder-settings',
      operationId: 'updateReminderSettings',
      summary: "Replace the studio's payment reminder steps; the invoices already issued follow them",
      tag: 'invoices',
      auth: 'user',
      body: ReminderSettingsBody,
      response: ReminderSettingsView,
    },
    ({ sequelize, temporal, logger }) =>
      async ({ user, body }) => {
        const steps = body.reminder_steps as StoredReminderStep[];
        const problems = reminderStepProblems(reminderStepsOf(steps));
        if (problems.length) throw new ValidationError('The reminder steps are not valid', problems);
        const saved = await saveReminderSettings(sequelize, user.orgId, steps);
        await signalInvoiceReminders(temporal, await listOwedInvoiceIds(sequelize, user.orgId), logger);
        return presentSettings(saved);
      },
  ),

  route(
    {
      method: 'get',
      path: '/api/invoices/:id/reminders',
      operationId: 'getInvoiceReminders',
      summary: "The invoice's payment reminders: where they stand, the next one, and each one sent",
      tag: 'invoices',
      auth: 'user',
      params: IdParams,
      response: InvoiceRemindersView,
    },
    ({ remindersView }) =>
      async ({ user, params }) =>
        remindersView(user.orgId, params.id),
  ),

  route(
    {
      method: 'patch',
      path: '/api/invoices/:id/reminders',
      operationId: 'updateInvoiceReminders',
      errors: ['reminders_stopped'],
      summary: "Pause, resume or stop (for good) the invoice's reminders; no date changes",
      tag: 'invoices',
      auth: 'user',
      params: IdParams,
      body: InvoiceRemindersBody,
      response: InvoiceRemindersView,
    },
    ({ sequelize, temporal, logger, remindersView }) =>
      async ({ user, params, body }) => {
        await setInvoiceReminderControl(sequelize, user.orgId, params.id, CONTROL_OF[body.status]);
        await signalInvoiceReminders(temporal, [params.id], logger);
        return remindersView(user.orgId, params.id);
      },
  ),

  route(
    {
      method: 'put',
      path: '/api/contacts/:id/reminders',
      operationId: 'updateContactReminders',
      summary: 'Pause or resume the payment reminders of every invoice of this client',
      tag: 'contacts',
      auth: 'user',
      params: IdParams,
      body: ContactRemindersBody,
    },
    ({ sequelize, temporal, logger }) =>
      async ({ user, params, body }) => {
        await setContactRemindersPaused(sequelize, user.orgId, params.id, body.paused);
        await signalInvoiceReminders(
          temporal,
          await listOwedInvoiceIds(sequelize, user.orgId, { contactId: params.id }),
          logger,
        );
        return { contact_id: params.id, reminders_paused: body.paused };
      },
  ),
];

/**
 * Payment reminders (issue 21 §2; docs/payment-schedules.md): the studio's steps, an invoice's
 * reminders (what went out, what comes next) with pause, resume and stop, and a client's pause.
 * Every change wakes the reminder workflows concerned, after it is committed.
 */
export function buildRemindersRouter(deps: RemindersRouterDeps): Router {
  const handlers: RemindersHandlers = {
    ...deps,
    remindersView: remindersViewOf(deps),
  };
  return registerRoutes(Router(), deps.kit, REMINDERS_ROUTES, handlers, deps);
}
