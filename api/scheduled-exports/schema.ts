import { z } from 'zod';
import { EXPORT_ENTITIES, EXPORT_FORMATS } from '../../domain/exports/export-kinds';
import { RECURRENCE_FREQUENCIES } from '../../domain/exports/recurrence';
import { optionalEmail, PageQuery, pageOf } from '../http/common-schemas';

const SCHEDULE_EARLIEST = new Date('2000-01-01T00:00:00Z');
const SCHEDULE_LATEST = new Date('2099-01-01T00:00:00Z');

const Recurrence = z
  .object({ frequency: z.enum(RECURRENCE_FREQUENCIES), interval: z.number().int().min(1).max(365).default(1) })
  .strict();

/** Spec: the scheduled export request. selected_fields is ours (without a template: the default template, else every key). */
export const CreateScheduledExportBody = z
  .object({
    entity: z.enum(EXPORT_ENTITIES).optional(),
    format: z.enum(EXPORT_FORMATS).optional(),
    export_template_id: z.uuid().nullable().optional(),
    selected_fields: z.array(z.string().max(100)).max(50).optional(),
    // Temporal's calendar specs hold the years 2000 to 2100: a date outside is a 400, not a failed schedule.
    scheduled_at: z.iso
      .datetime({ offset: true })
      .transform((s) => new Date(s))
      .refine((d) => d >= SCHEDULE_EARLIEST && d < SCHEDULE_LATEST, {
        message: 'must be between 2000-01-01 and 2098-12-31',
      }),
    recurrence_pattern: Recurrence.nullable().optional(),
    send_email: z.boolean().optional(),
    email_recipient: optionalEmail,
  })
  .strict();
export type CreateScheduledExportBody = z.infer<typeof CreateScheduledExportBody>;

export const ScheduledExportListQuery = PageQuery;

export const ScheduledExportView = z.object({
  id: z.uuid(),
  entity: z.enum(EXPORT_ENTITIES),
  format: z.enum(EXPORT_FORMATS),
  export_template_id: z.uuid().nullable(),
  selected_fields: z.array(z.string()),
  scheduled_at: z.string(),
  recurrence_pattern: z.object({ frequency: z.string(), interval: z.number() }).nullable(),
  send_email: z.boolean(),
  email_recipient: z.string().nullable(),
  is_active: z.boolean(),
  last_run_at: z.string().nullable(),
  next_run_at: z.string().nullable().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const ScheduledExportPage = pageOf(ScheduledExportView);
