import { ConflictError } from '../../domain/errors';
import { type SessionInfoFieldType } from '../../domain/session-info/field-types';
import { type BaseSessionInfoTemplateField } from '../models/BaseSessionInfoTemplateField';
import { type UserSessionInfoTemplateField } from '../models/UserSessionInfoTemplateField';

/**
 * What the session info template commands share (one command per file: create-session-info-template.ts,
 * add-session-info-field.ts, ...): their input types and the field helpers.
 */
export interface FieldInput {
  field_key: string;
  label: string;
  field_type: SessionInfoFieldType;
  options?: string[] | null;
  is_required?: boolean;
  display_order?: number;
}

export interface TemplateInput {
  name: string;
  description?: string | null;
  display_order?: number;
  fields?: FieldInput[];
}

/** Options are kept for SELECT only, so a field turned into TEXT does not carry stale choices. */
export const fieldColumns = (f: FieldInput, index: number) => ({
  field_key: f.field_key,
  label: f.label,
  field_type: f.field_type,
  options: f.field_type === 'SELECT' ? (f.options ?? null) : null,
  is_required: f.is_required ?? false,
  display_order: f.display_order ?? index,
});

export const keyTaken = (key: string) =>
  new ConflictError('field_key_taken', `field_key ${key} is already used in this template`);

export const presentable = (f: UserSessionInfoTemplateField | BaseSessionInfoTemplateField): FieldInput => ({
  field_key: f.field_key,
  label: f.label,
  field_type: f.field_type,
  options: f.options,
  is_required: f.is_required,
  display_order: f.display_order,
});

export interface BaseTemplateInput extends TemplateInput {
  default_session_type_id?: string | null;
  locale?: 'fr-FR' | 'en-US';
}
