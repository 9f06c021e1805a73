import { z } from 'zod';
import { EXPORT_ENTITIES, EXPORT_FORMATS } from '../../domain/exports/export-kinds';
import { optionalText } from '../http/common-schemas';

const name = z.string().trim().min(1, 'must not be blank').max(255);
/** At most every key once, generously: the domain checks them against the entity. */
const selectedFields = z.array(z.string().max(100)).min(1, 'choose at least one field').max(50);

/** Spec: name, description, entity, format, selected_fields, is_default (required ones not shown: name, entity, format and fields are). */
export const CreateExportTemplateBody = z
  .object({
    name,
    description: optionalText(2_000),
    entity: z.enum(EXPORT_ENTITIES),
    format: z.enum(EXPORT_FORMATS),
    selected_fields: selectedFields,
    is_default: z.boolean().optional(),
  })
  .strict();
export type CreateExportTemplateBody = z.infer<typeof CreateExportTemplateBody>;

/** Spec: the same fields, all optional. */
export const UpdateExportTemplateBody = z
  .object({
    name: name.optional(),
    description: optionalText(2_000),
    entity: z.enum(EXPORT_ENTITIES).optional(),
    format: z.enum(EXPORT_FORMATS).optional(),
    selected_fields: selectedFields.optional(),
    is_default: z.boolean().optional(),
  })
  .strict();
export type UpdateExportTemplateBody = z.infer<typeof UpdateExportTemplateBody>;

export const DefaultTemplateQuery = z.object({ entity: z.enum(EXPORT_ENTITIES), format: z.enum(EXPORT_FORMATS) });

export const ExportTemplateView = z.object({
  id: z.uuid(),
  owner_id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  entity: z.enum(EXPORT_ENTITIES),
  format: z.enum(EXPORT_FORMATS),
  selected_fields: z.array(z.string()),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
