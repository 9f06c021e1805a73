import { z } from 'zod';
import { USER_LOCALES } from '../../domain/accounts/users';
import { SESSION_INFO_FIELD_KEY_PATTERN, SESSION_INFO_FIELD_TYPES } from '../../domain/session-info/field-types';
import { optionalText } from '../http/common-schemas';

const name = z.string().trim().min(1, 'must not be blank').max(255);
const displayOrder = z.number().int().min(0).max(100_000);

/** A field as written by a user or an admin; SELECT needs at least one option (spec). */
const fieldShape = {
  field_key: z
    .string()
    .max(100)
    .regex(SESSION_INFO_FIELD_KEY_PATTERN, 'must be snake_case (a-z, 0-9, _), starting with a letter'),
  label: name,
  field_type: z.enum(SESSION_INFO_FIELD_TYPES),
  options: z.array(z.string().trim().min(1).max(255)).max(100).nullable().optional(),
  is_required: z.boolean().optional(),
  display_order: displayOrder.optional(),
};

const selectNeedsOptions = (f: { field_type?: string; options?: string[] | null }, ctx: z.RefinementCtx) => {
  if (f.field_type === 'SELECT' && (!f.options || f.options.length === 0)) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'a SELECT field needs at least one option' });
  }
};

export const FieldBody = z.object(fieldShape).strict().superRefine(selectNeedsOptions);
export type FieldBody = z.infer<typeof FieldBody>;

/** A field update: the fields given are changed; the merged field is checked again by the command. */
export const FieldUpdateBody = z.object(fieldShape).partial().strict();
export type FieldUpdateBody = z.infer<typeof FieldUpdateBody>;

const uniqueKeys = (t: { fields?: { field_key: string }[] }, ctx: z.RefinementCtx) => {
  const keys = (t.fields ?? []).map((f) => f.field_key);
  const duplicate = keys.find((k, i) => keys.indexOf(k) !== i);
  if (duplicate) ctx.addIssue({ code: 'custom', path: ['fields'], message: `field_key ${duplicate} is used twice` });
};

export const TemplateBody = z
  .object({
    name,
    description: optionalText(2_000),
    display_order: displayOrder.optional(),
    fields: z.array(FieldBody).max(100).optional(),
  })
  .strict()
  .superRefine(uniqueKeys);
export type TemplateBody = z.infer<typeof TemplateBody>;

export const TemplateUpdateBody = z
  .object({ name: name.optional(), description: optionalText(2_000), display_order: displayOrder.optional() })
  .strict();
export type TemplateUpdateBody = z.infer<typeof TemplateUpdateBody>;

export const BaseTemplateBody = z
  .object({
    name,
    description: optionalText(2_000),
    display_order: displayOrder.optional(),
    default_session_type_id: z.uuid().nullable().optional(),
    locale: z.enum(USER_LOCALES).optional(),
    fields: z.array(FieldBody).max(100).optional(),
  })
  .strict()
  .superRefine(uniqueKeys);
export type BaseTemplateBody = z.infer<typeof BaseTemplateBody>;

/** Admin update: template columns, and fields upserted by field_key (deleting one is its own route). */
export const BaseTemplateUpdateBody = z
  .object({
    name: name.optional(),
    description: optionalText(2_000),
    display_order: displayOrder.optional(),
    default_session_type_id: z.uuid().nullable().optional(),
    fields: z.array(FieldBody).max(100).optional(),
  })
  .strict()
  .superRefine(uniqueKeys);
export type BaseTemplateUpdateBody = z.infer<typeof BaseTemplateUpdateBody>;

export const BaseListQuery = z.object({ default_session_type_id: z.uuid().optional() });
export const FieldParams = z.object({ id: z.uuid(), fieldId: z.uuid() });
export const BaseIdParams = z.object({ baseTemplateId: z.uuid() });

export const FieldView = z.object({
  id: z.uuid(),
  field_key: z.string(),
  label: z.string(),
  field_type: z.enum(SESSION_INFO_FIELD_TYPES),
  options: z.array(z.string()).nullable(),
  is_required: z.boolean(),
  display_order: z.number().int(),
});

export const TemplateView = z.object({
  id: z.uuid(),
  owner_id: z.uuid().optional(),
  base_template_id: z.uuid().nullable().optional(),
  default_session_type_id: z.uuid().nullable().optional(),
  name: z.string(),
  description: z.string().nullable(),
  locale: z.string().nullable(),
  display_order: z.number().int(),
  fields: z.array(FieldView),
  created_at: z.string(),
  updated_at: z.string(),
});

/** Answers keyed by field_key; the values are checked against the template by the domain. */
export const ClientInfoBody = z
  .object({
    template_id: z.uuid().optional(),
    responses: z
      .record(z.string().max(100), z.unknown())
      .refine((r) => Object.keys(r).length <= 200, 'too many answers'),
  })
  .strict();
export type ClientInfoBody = z.infer<typeof ClientInfoBody>;

export const ClientInfoView = z.object({
  session_id: z.uuid(),
  template_id: z.uuid().nullable(),
  fields: z.array(FieldView),
  responses: z.record(z.string(), z.unknown()),
  submitted_via: z.enum(['USER', 'CLIENT_PORTAL']).nullable(),
  submitted_at: z.string().nullable(),
});
