import { Op } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { type UserLocale } from '../../domain/accounts/users';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { type SessionInfoFieldType } from '../../domain/session-info/field-types';
import { freeName } from '../../domain/session-info/template-names';
import { BaseSessionInfoTemplate } from '../models/BaseSessionInfoTemplate';
import { BaseSessionInfoTemplateField } from '../models/BaseSessionInfoTemplateField';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { UserSessionInfoTemplateField } from '../models/UserSessionInfoTemplateField';
import { findOwned } from '../queries/owned';
import { loadBaseTemplate, loadUserTemplate, userTemplateInclude } from '../queries/session-info-templates';
import { copyBaseSessionInfoTemplates } from './copy-base-session-info-templates';
import { deleteOwned } from './delete-owned';

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
const fieldColumns = (f: FieldInput, index: number) => ({
  field_key: f.field_key,
  label: f.label,
  field_type: f.field_type,
  options: f.field_type === 'SELECT' ? (f.options ?? null) : null,
  is_required: f.is_required ?? false,
  display_order: f.display_order ?? index,
});

function assertSelectHasOptions(f: Pick<FieldInput, 'field_type' | 'options'>): void {
  if (f.field_type === 'SELECT' && (!f.options || f.options.length === 0)) {
    throw new ValidationError('a SELECT field needs at least one option', [
      { path: ['options'], message: 'a SELECT field needs at least one option' },
    ]);
  }
}

const keyTaken = (key: string) =>
  new ConflictError('field_key_taken', `field_key ${key} is already used in this template`);

export async function createUserTemplate(
  sequelize: Sequelize,
  ownerId: string,
  input: TemplateInput,
  origin: { base_template_id: string; locale: 'fr-FR' | 'en-US' } | null = null,
): Promise<UserSessionInfoTemplate> {
  const id = await sequelize.transaction(async (transaction) => {
    const t = await UserSessionInfoTemplate.create(
      {
        owner_id: ownerId,
        name: input.name,
        description: input.description ?? null,
        display_order: input.display_order ?? 0,
        ...origin,
      },
      { transaction },
    );
    await UserSessionInfoTemplateField.bulkCreate(
      (input.fields ?? []).map((f, i) => ({ template_id: t.id, ...fieldColumns(f, i) })),
      { transaction },
    );
    return t.id;
  });
  return loadUserTemplate(sequelize, id, ownerId);
}

export async function updateUserTemplate(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  patch: Partial<Omit<TemplateInput, 'fields'>>,
): Promise<UserSessionInfoTemplate> {
  const t = await findOwned(sequelize, UserSessionInfoTemplate, 'Session info template', id, ownerId);
  await t.update(patch);
  return loadUserTemplate(sequelize, id, ownerId);
}

/**
 * from-base: a new user template copied from one base template, each time it is asked for (the
 * studio may want a wedding questionnaire per kind of wedding). It is named after the base one,
 * with " (2)", " (3)"… when the owner already has a template of that name.
 */
export async function createFromBase(
  sequelize: Sequelize,
  ownerId: string,
  baseId: string,
): Promise<UserSessionInfoTemplate> {
  const base = await loadBaseTemplate(sequelize, baseId);
  const taken = new Set(
    (
      await UserSessionInfoTemplate.findAll({
        attributes: ['name'],
        where: { owner_id: ownerId, name: { [Op.startsWith]: base.name } },
      })
    ).map((t) => t.name),
  );
  return createUserTemplate(
    sequelize,
    ownerId,
    {
      name: freeName(base.name, taken),
      description: base.description,
      display_order: base.display_order,
      fields: (base.fields ?? []).map(presentable),
    },
    { base_template_id: base.id, locale: base.locale },
  );
}

/**
 * create-defaults: copies the base templates in the user's locale that the user has no copy of yet
 * (the registration code path), then adds to each existing copy the base fields whose field_key it lacks. A field the user
 * already has, edited or not, is never changed or removed, so user edits survive; a second run
 * finds nothing missing and changes nothing.
 */
export async function createDefaults(
  sequelize: Sequelize,
  ownerId: string,
  locale: UserLocale,
): Promise<{ created: number; fields_added: number }> {
  return sequelize.transaction(async (transaction) => {
    const created = await copyBaseSessionInfoTemplates(sequelize, ownerId, { transaction, locale });
    const copies = await UserSessionInfoTemplate.findAll({
      where: { owner_id: ownerId, is_default_copy: true },
      include: userTemplateInclude,
      transaction,
    });
    let fieldsAdded = 0;
    for (const copy of copies) {
      if (!copy.base_template_id) continue;
      const base = await BaseSessionInfoTemplate.findByPk(copy.base_template_id, {
        include: [{ association: 'fields' }],
        transaction,
      });
      if (!base) continue;
      const have = new Set((copy.fields ?? []).map((f) => f.field_key));
      const missing = (base.fields ?? []).filter((f) => !have.has(f.field_key));
      await UserSessionInfoTemplateField.bulkCreate(
        missing.map((f) => ({ template_id: copy.id, ...fieldColumns(f, f.display_order) })),
        { transaction },
      );
      fieldsAdded += missing.length;
    }
    return { created, fields_added: fieldsAdded };
  });
}

/** Fields of a user template; the template row is locked so two adds of one key cannot both pass. */
export async function addUserField(
  sequelize: Sequelize,
  ownerId: string,
  templateId: string,
  input: FieldInput,
): Promise<UserSessionInfoTemplateField> {
  return sequelize.transaction(async (transaction) => {
    await findOwned(sequelize, UserSessionInfoTemplate, 'Session info template', templateId, ownerId, {
      transaction,
      lock: true,
    });
    const fields = await UserSessionInfoTemplateField.findAll({ where: { template_id: templateId }, transaction });
    if (fields.some((f) => f.field_key === input.field_key)) throw keyTaken(input.field_key);
    return UserSessionInfoTemplateField.create(
      { template_id: templateId, ...fieldColumns(input, fields.length) },
      { transaction },
    );
  });
}

export async function updateUserField(
  sequelize: Sequelize,
  ownerId: string,
  templateId: string,
  fieldId: string,
  patch: Partial<FieldInput>,
): Promise<UserSessionInfoTemplateField> {
  return sequelize.transaction(async (transaction) => {
    await findOwned(sequelize, UserSessionInfoTemplate, 'Session info template', templateId, ownerId, {
      transaction,
      lock: true,
    });
    const fields = await UserSessionInfoTemplateField.findAll({ where: { template_id: templateId }, transaction });
    const field = fields.find((f) => f.id === fieldId);
    if (!field) throw new NotFoundError('Session info field');
    const merged = { ...presentable(field), ...patch };
    assertSelectHasOptions(merged);
    if (patch.field_key && fields.some((f) => f.id !== fieldId && f.field_key === patch.field_key))
      throw keyTaken(patch.field_key);
    return field.update(fieldColumns(merged, field.display_order), { transaction });
  });
}

export async function deleteUserField(
  sequelize: Sequelize,
  ownerId: string,
  templateId: string,
  fieldId: string,
): Promise<void> {
  await findOwned(sequelize, UserSessionInfoTemplate, 'Session info template', templateId, ownerId);
  const n = await UserSessionInfoTemplateField.destroy({ where: { id: fieldId, template_id: templateId } });
  if (n === 0) throw new NotFoundError('Session info field');
}

const presentable = (f: UserSessionInfoTemplateField | BaseSessionInfoTemplateField): FieldInput => ({
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

export async function createBaseTemplate(
  sequelize: Sequelize,
  input: BaseTemplateInput,
): Promise<BaseSessionInfoTemplate> {
  const id = await sequelize.transaction(async (transaction) => {
    const t = await BaseSessionInfoTemplate.create(
      {
        name: input.name,
        description: input.description ?? null,
        display_order: input.display_order ?? 0,
        default_session_type_id: input.default_session_type_id ?? null,
        locale: input.locale ?? 'fr-FR',
      },
      { transaction },
    );
    await BaseSessionInfoTemplateField.bulkCreate(
      (input.fields ?? []).map((f, i) => ({ template_id: t.id, ...fieldColumns(f, i) })),
      { transaction },
    );
    return t.id;
  });
  return loadBaseTemplate(sequelize, id);
}

/** Admin update: template columns, and the given fields upserted by field_key. */
export async function updateBaseTemplate(
  sequelize: Sequelize,
  id: string,
  input: Partial<BaseTemplateInput>,
): Promise<BaseSessionInfoTemplate> {
  await sequelize.transaction(async (transaction) => {
    const t = await BaseSessionInfoTemplate.findByPk(id, { transaction, lock: transaction.LOCK.UPDATE });
    if (!t) throw new NotFoundError('Base session info template');
    const { fields, ...columns } = input;
    await t.update(columns, { transaction });
    if (!fields) return;
    const existing = await BaseSessionInfoTemplateField.findAll({ where: { template_id: id }, transaction });
    for (const [i, f] of fields.entries()) {
      const row = existing.find((e) => e.field_key === f.field_key);
      if (row) await row.update(fieldColumns(f, f.display_order ?? row.display_order), { transaction });
      else
        await BaseSessionInfoTemplateField.create(
          { template_id: id, ...fieldColumns(f, existing.length + i) },
          { transaction },
        );
    }
  });
  return loadBaseTemplate(sequelize, id);
}

export async function deleteBaseField(_sequelize: Sequelize, templateId: string, fieldId: string): Promise<void> {
  const n = await BaseSessionInfoTemplateField.destroy({ where: { id: fieldId, template_id: templateId } });
  if (n === 0) throw new NotFoundError('Base session info field');
}

/** Deletes one of the owner's questionnaires with its fields. */
export async function deleteUserTemplate(sequelize: Sequelize, ownerId: string, id: string): Promise<void> {
  await deleteOwned(sequelize, UserSessionInfoTemplate, 'Session info template', id, ownerId);
}
