import { type Sequelize } from 'sequelize-typescript';
import { ValidationError } from '../../domain/errors';
import { type ExportEntity, type ExportFormat } from '../../domain/exports/export-kinds';
import { validateExportFields } from '../../domain/exports/fields';
import { type Recurrence, validateRecurrence } from '../../domain/exports/recurrence';
import { ExportTemplate } from '../models/ExportTemplate';
import { ScheduledExport } from '../models/ScheduledExport';
import { Organization } from '../models/Organization';
import { type ScheduledExportRow } from '../rows';

export interface ScheduledExportProps {
  entity?: ExportEntity;
  format?: ExportFormat;
  export_template_id?: string | null;
  /** Not in the spec's request: fields for an export without a template (else the default template at run time). */
  selected_fields?: string[];
  scheduled_at: Date;
  recurrence_pattern?: Recurrence | null;
  send_email?: boolean;
  email_recipient?: string | null;
}

/** How far in the past scheduled_at may be (a form submitted a few seconds late still runs at once). */
const PAST_TOLERANCE_MS = 5 * 60_000;

/**
 * Saves a scheduled export, active, without its Temporal Schedule yet (lib/jobs/scheduled-exports.ts
 * creates it and removes the row again if Temporal refuses). With export_template_id the template
 * (the owner's) supplies entity, format and fields (spec: Exports rule 3). Answers the row and
 * the owner's time zone, which the schedule fires in.
 */
export async function saveScheduledExport(
  _sequelize: Sequelize,
  ownerId: string,
  props: ScheduledExportProps,
): Promise<{ row: ScheduledExportRow; timeZone: string }> {
  const owner = await Organization.findByPk(ownerId, { attributes: ['time_zone'], rejectOnEmpty: true });
  let entity = props.entity;
  let format = props.format;
  let fields = props.selected_fields ?? [];
  if (props.export_template_id) {
    const template = await ExportTemplate.findOne({ where: { id: props.export_template_id, owner_id: ownerId } });
    // Someone else's template reads as missing (DESIGN: never reveal another studio's data).
    if (!template)
      throw new ValidationError('export_template_id does not name one of your export templates', [
        { path: 'export_template_id', message: 'not found' },
      ]);
    entity = template.entity;
    format = template.format;
    fields = [];
  }
  if (!entity || !format)
    throw new ValidationError('entity and format are required without export_template_id', [
      { path: entity ? 'format' : 'entity', message: 'required' },
    ]);
  if (fields.length) fields = validateExportFields(entity, fields);
  if (props.recurrence_pattern) validateRecurrence(props.recurrence_pattern);
  if (props.scheduled_at.getTime() < Date.now() - PAST_TOLERANCE_MS)
    throw new ValidationError('scheduled_at is in the past', [
      { path: 'scheduled_at', message: 'must be in the future' },
    ]);
  if (props.send_email && !props.email_recipient)
    throw new ValidationError('email_recipient is required with send_email', [
      { path: 'email_recipient', message: 'required' },
    ]);

  const row = await ScheduledExport.create({
    owner_id: ownerId,
    entity,
    format,
    export_template_id: props.export_template_id ?? null,
    selected_fields: fields,
    scheduled_at: props.scheduled_at,
    recurrence_pattern: props.recurrence_pattern ?? null,
    send_email: props.send_email ?? false,
    email_recipient: props.send_email ? props.email_recipient : (props.email_recipient ?? null),
    is_active: true,
  });
  return { row, timeZone: owner.time_zone };
}
