import { type UserLocale } from '../accounts/users';
import { documentMessageVariables, type MessageDocument } from '../invoicing/document-variables';
import { type TaskTiming } from './task-timing';
import { type AutomationTaskType } from './task-types';

/**
 * Automations run for contacts, quotes and invoices (issue 21 §3), beside those applied to sessions:
 * their tasks go to the entity's contact (the contact itself, the quote's or invoice's contact).
 */
export const AUTOMATION_ENTITIES = ['CONTACT', 'QUOTE', 'INVOICE'] as const;
export type AutomationEntity = (typeof AUTOMATION_ENTITIES)[number];

export const isAutomationEntity = (value: string): value is AutomationEntity =>
  (AUTOMATION_ENTITIES as readonly string[]).includes(value);

/** Task kinds that make sense without a session: a message to the contact, or a to-do for the studio. */
export const ENTITY_TASK_TYPES: readonly AutomationTaskType[] = ['AUTOMATIC_EMAIL', 'AUTOMATIC_SMS', 'MANUAL'];
/** Timings that do not read a session's start. */
export const ENTITY_TASK_TIMINGS: readonly TaskTiming[] = ['IMMEDIATE', 'AFTER_APPLIED'];

export interface TaskShape {
  name: string;
  task_type: AutomationTaskType;
  timing: TaskTiming;
}

/** Why this task cannot run without a session; null when it can. */
export function sessionOnlyReason(task: TaskShape): string | null {
  if (!ENTITY_TASK_TYPES.includes(task.task_type)) return `task "${task.name}" (${task.task_type}) needs a session`;
  if (!ENTITY_TASK_TIMINGS.includes(task.timing))
    return `task "${task.name}" is timed on a session's start (${task.timing})`;
  return null;
}

/**
 * Why an automation is not run for a contact, quote or invoice (its execution is SKIPPED with this
 * text), or null when it runs: it has no task, or one of its tasks needs a session. The whole
 * automation is skipped rather than part of it, so a studio never gets half a sequence.
 */
export function entityAutomationSkipReason(entityType: AutomationEntity, tasks: readonly TaskShape[]): string | null {
  if (!tasks.length) return 'The workflow has no task to run';
  const blocking = tasks.map(sessionOnlyReason).find((reason) => reason !== null);
  return blocking ? `The workflow needs a session, and a ${entityType.toLowerCase()} has none: ${blocking}` : null;
}

/** The `{{ }}` variables of a contact's messages. */
export const CONTACT_VARIABLES = [
  'contact.first_name',
  'contact.last_name',
  'contact.email',
  'contact.company_name',
] as const;

export interface EntityMessageSubject {
  entityType: AutomationEntity;
  /** The recipient (null: a quote or invoice without a contact). */
  contact: {
    first_name: string | null;
    last_name: string | null;
    email: string | null;
    company_name?: string | null;
  } | null;
  /** The quote or invoice, for those entities. */
  document?: MessageDocument | null;
  reader: { locale: UserLocale; timeZone: string };
}

/**
 * The `{{ }}` variables of an automation task's message about a contact, quote or invoice: the
 * contact's (CONTACT_VARIABLES), plus the quote's or invoice's (documentMessageVariables, the
 * names the document emails use), amounts and dates written in the reader's language. Rendered
 * by renderVariables, as session messages are.
 */
export function entityMessageVariables({
  entityType,
  contact,
  document,
  reader,
}: EntityMessageSubject): Record<string, string> {
  const own = {
    'contact.first_name': contact?.first_name ?? '',
    'contact.last_name': contact?.last_name ?? '',
    'contact.email': contact?.email ?? '',
    'contact.company_name': contact?.company_name ?? '',
  };
  if (entityType === 'CONTACT' || !document) return own;
  return {
    ...own,
    ...documentMessageVariables(entityType === 'QUOTE' ? 'quote' : 'invoice', document, reader.locale, reader.timeZone),
  };
}

/** The SMS sent when a task gives no text at all (sms-text.ts's fallback speaks of a session). */
export const ENTITY_SMS_FALLBACK = {
  'fr-FR': 'Bonjour {{contact.first_name}}, un message de votre photographe.',
  'en-US': 'Hi {{contact.first_name}}, a message from your photographer.',
} as const;
