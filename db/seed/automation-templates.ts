import { type Transaction } from 'sequelize';
import { Automation } from '../models/Automation';
import { AutomationTask } from '../models/AutomationTask';
import { type AutomationTaskType } from '../../domain/automations/task-types';
import { scheduleFromInput, type TaskSchedule } from '../../domain/automations/task-timing';
import { AutomationTaskAction, type AutomationTaskActionConfig } from '../models/AutomationTaskAction';
import { isFrench } from '../../domain/accounts/locale-language';
import { type UserLocale } from '../../domain/accounts/users';
import { upsertByKey } from './upsert';

/** The template generation the default session types point at (spec: Versioning 4). */
export const AUTOMATION_TEMPLATE_GENERATION = 2;

/** A seeded text in French, for the copies made for a French studio (the system rows keep English). */
export interface FrenchText {
  name: string;
  description: string | null;
}

interface SeedTask {
  businessKey: string;
  name: string;
  description: string | null;
  fr: FrenchText;
  taskType: AutomationTaskType;
  delayDays: number;
  /** Timing other than `delayDays` after the automation is applied (reminders: before the session). */
  schedule?: TaskSchedule;
  /** The task's first action; none for manual tasks. */
  actionConfig?: AutomationTaskActionConfig;
}

interface SeedWorkflow {
  businessKey: string;
  name: string;
  description: string;
  fr: FrenchText;
  tasks: SeedTask[];
}

const invite: SeedTask = {
  businessKey: 'session-info-invite',
  name: 'Send the session-info form',
  description: 'Emails the client a link to the session-info form in the client portal.',
  fr: {
    name: 'Envoyer le questionnaire de la séance',
    description: 'Envoie au client par email le lien vers le questionnaire, dans son espace client.',
  },
  taskType: 'SEND_SESSION_INFO_INVITE',
  delayDays: 0,
  actionConfig: { email_template_business_key: 'session-info-invite' },
};

/**
 * SMS tasks carry no description or action text on purpose: the runner falls back to them for
 * the message (spec order: template, config.message, action, description, system fallback).
 * The config names the system template, resolved in the user's locale.
 */
const reminderSms = (daysBefore: number): SeedTask => ({
  businessKey: 'session-reminder-sms',
  name: 'Send a reminder SMS',
  description: null,
  fr: { name: 'Envoyer un SMS de rappel', description: null },
  taskType: 'AUTOMATIC_SMS',
  delayDays: 0,
  schedule: { timing: 'BEFORE_SESSION_START', offsetMinutes: daysBefore * 1440 },
  actionConfig: { sms_template_business_key: 'session-reminder' },
});

const manual = (
  businessKey: string,
  name: string,
  description: string,
  delayDays: number,
  fr: FrenchText,
): SeedTask => ({
  businessKey,
  name,
  description,
  fr,
  taskType: 'MANUAL',
  delayDays,
});

const scheduleColumns = (schedule: TaskSchedule) => ({
  timing: schedule.timing,
  offset_minutes: schedule.offsetMinutes,
});

/** Second-generation system automation templates, one per default session type. */
export const SYSTEM_WORKFLOW_TEMPLATES: readonly SeedWorkflow[] = [
  {
    businessKey: 'wedding-v2',
    name: 'Wedding',
    description: 'From booking to delivery: details form, planning call, reminder, gallery.',
    fr: {
      name: 'Mariage',
      description: 'De la réservation à la livraison : questionnaire, appel de préparation, rappel, galerie.',
    },
    tasks: [
      invite,
      manual(
        'planning-call',
        'Planning call with the couple',
        'Go through the timeline, family photos and must-have shots.',
        14,
        {
          name: 'Appel de préparation avec les mariés',
          description: 'Passer en revue le déroulé, les photos de famille et les incontournables.',
        },
      ),
      reminderSms(2),
      manual('deliver-gallery', 'Deliver the gallery', 'Cull, edit and publish the online gallery.', 45, {
        name: 'Livrer la galerie',
        description: 'Trier, retoucher et publier la galerie en ligne.',
      }),
    ],
  },
  {
    businessKey: 'portrait-v2',
    name: 'Portrait',
    description: 'Details form, reminder SMS and photo selection.',
    fr: { name: 'Portrait', description: 'Questionnaire, SMS de rappel et choix des photos.' },
    tasks: [
      invite,
      reminderSms(2),
      manual(
        'photo-selection',
        'Photo selection with the client',
        'Share the proofs and collect the chosen photos.',
        7,
        {
          name: 'Choix des photos avec le client',
          description: 'Partager les épreuves et recueillir les photos choisies.',
        },
      ),
    ],
  },
  {
    businessKey: 'corporate-v2',
    name: 'Corporate',
    description: 'Brief form, reminder SMS and delivery with usage rights.',
    fr: {
      name: 'Entreprise',
      description: 'Questionnaire de brief, SMS de rappel et livraison avec les droits d’utilisation.',
    },
    tasks: [
      invite,
      reminderSms(1),
      manual(
        'deliver-files',
        'Deliver the files',
        'Export in the agreed formats and send the usage-rights summary.',
        10,
        {
          name: 'Livrer les fichiers',
          description: 'Exporter dans les formats convenus et envoyer le récapitulatif des droits d’utilisation.',
        },
      ),
    ],
  },
  {
    businessKey: 'family-v2',
    name: 'Family',
    description: 'Details form, reminder SMS and gallery.',
    fr: { name: 'Famille', description: 'Questionnaire, SMS de rappel et galerie.' },
    tasks: [
      invite,
      reminderSms(2),
      manual('deliver-gallery', 'Deliver the gallery', 'Edit and publish the online gallery.', 14, {
        name: 'Livrer la galerie',
        description: 'Retoucher et publier la galerie en ligne.',
      }),
    ],
  },
];

/**
 * Upserts the system automation templates with their tasks and first actions, found by business
 * key. Tasks a later version drops are left in place (sessions may have runs on them).
 * Returns the automations by business key.
 */
export async function seedAutomationTemplates(transaction: Transaction): Promise<Map<string, Automation>> {
  const byKey = new Map<string, Automation>();
  for (const w of SYSTEM_WORKFLOW_TEMPLATES) {
    const workflow = await upsertByKey(
      Automation,
      { owner_id: null, business_key: w.businessKey },
      { name: w.name, description: w.description, is_template: true, generation: AUTOMATION_TEMPLATE_GENERATION },
      transaction,
    );
    for (const [index, t] of w.tasks.entries()) {
      const task = await upsertByKey(
        AutomationTask,
        { workflow_id: workflow.id, business_key: t.businessKey },
        {
          name: t.name,
          description: t.description,
          action: null,
          task_type: t.taskType,
          delay_days: t.delayDays,
          ...scheduleColumns(t.schedule ?? scheduleFromInput({ delay_days: t.delayDays })),
          display_order: index,
        },
        transaction,
      );
      if (t.actionConfig) {
        await upsertByKey(
          AutomationTaskAction,
          { workflow_task_id: task.id, display_order: 0 },
          { action_type: t.taskType, config: t.actionConfig },
          transaction,
        );
      }
    }
    byKey.set(w.businessKey, workflow);
  }
  return byKey;
}

/** A seeded workflow's texts in one language, with its tasks' by business key. */
export interface WorkflowTemplateText extends FrenchText {
  tasks: ReadonlyMap<string, FrenchText>;
}

/**
 * The texts of the system automation templates for a studio copy in `locale`, by business key: the
 * French ones for a French locale (fr-FR, fr-CA), the system rows' English otherwise.
 */
export function automationTemplateTexts(locale: UserLocale): ReadonlyMap<string, WorkflowTemplateText> {
  const pick = (t: { name: string; description: string | null; fr: FrenchText }): FrenchText =>
    isFrench(locale) ? t.fr : { name: t.name, description: t.description };
  return new Map(
    SYSTEM_WORKFLOW_TEMPLATES.map((w) => [
      w.businessKey,
      { ...pick(w), tasks: new Map(w.tasks.map((t) => [t.businessKey, pick(t)])) },
    ]),
  );
}
