import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type UserLocale } from '../../domain/accounts/users';
import { ConflictError } from '../../domain/errors';
import { type SessionInfoFieldType } from '../../domain/session-info/field-types';
import { type BaseSessionInfoTemplateField } from '../models/BaseSessionInfoTemplateField';
import { UserSessionInfoTemplateField } from '../models/UserSessionInfoTemplateField';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { findOwned } from '../queries/owned';

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
  locale?: UserLocale;
}

/** The fields of one of the owner's templates, the template row locked so two changes of its keys cannot both pass (404 otherwise). */
export async function lockedUserFields(
  sequelize: Sequelize,
  ownerId: string,
  templateId: string,
  transaction: Transaction,
): Promise<UserSessionInfoTemplateField[]> {
  await findOwned(sequelize, UserSessionInfoTemplate, 'Session info template', templateId, ownerId, {
    transaction,
    lock: true,
  });
  return UserSessionInfoTemplateField.findAll({ where: { template_id: templateId }, transaction });
}
