import { type ScheduledExportRow } from '../../db/rows';

/** A scheduled export: the spec's request fields and what the service adds (state, last and next run). */
export function presentScheduledExport(s: ScheduledExportRow, nextRunAt?: Date | null) {
  return {
    id: s.id,
    entity: s.entity,
    format: s.format,
    export_template_id: s.export_template_id,
    selected_fields: s.selected_fields,
    scheduled_at: s.scheduled_at.toISOString(),
    recurrence_pattern: s.recurrence_pattern,
    send_email: s.send_email,
    email_recipient: s.email_recipient,
    is_active: s.is_active,
    last_run_at: s.last_run_at?.toISOString() ?? null,
    ...(nextRunAt === undefined ? {} : { next_run_at: nextRunAt?.toISOString() ?? null }),
    created_at: s.created_at.toISOString(),
    updated_at: s.updated_at.toISOString(),
  };
}
