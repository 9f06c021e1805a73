import { type Sequelize } from 'sequelize-typescript';
import { Op, type Transaction } from 'sequelize';
import { BaseSessionInfoTemplate } from '../models/BaseSessionInfoTemplate';
import { readableLocales } from '../../domain/accounts/locale-language';
import { type UserLocale } from '../../domain/accounts/users';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { UserSessionInfoTemplateField } from '../models/UserSessionInfoTemplateField';

export interface CopyBaseSessionInfoTemplatesOptions {
  /** Run inside the caller's transaction (registration); otherwise in one of its own. */
  transaction?: Transaction;
  /** Copy only the base templates for this locale (its own, else its language's: en-US for en-GB); every base template when absent. */
  locale?: UserLocale;
}

/**
 * Gives user `userId` a copy of each base session-info template, with its fields, that the user
 * does not have its default copy of yet (matched on base_template_id). Idempotent: a second call creates
 * nothing. Returns how many templates were created.
 */
export async function copyBaseSessionInfoTemplates(
  sequelize: Sequelize,
  userId: string,
  options: CopyBaseSessionInfoTemplatesOptions = {},
): Promise<number> {
  if (options.transaction) return copyIn(sequelize, userId, options.locale, options.transaction);
  return sequelize.transaction((transaction) => copyIn(sequelize, userId, options.locale, transaction));
}

async function copyIn(
  sequelize: Sequelize,
  userId: string,
  locale: UserLocale | undefined,
  transaction: Transaction,
): Promise<number> {
  // Two copies started at once for one user would both see "missing"; this lock makes the
  // second wait and then find the first one's rows.
  await sequelize.query('SELECT pg_advisory_xact_lock(hashtext($1))', {
    bind: [`copy-base-session-info-templates:${userId}`],
    transaction,
  });

  const found = await BaseSessionInfoTemplate.findAll({
    where: locale ? { locale: readableLocales(locale) } : {},
    include: [{ association: 'fields' }],
    order: [
      ['display_order', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
  // A locale with base templates of its own takes those; another (en-GB today) its language's.
  const bases = locale && found.some((b) => b.locale === locale) ? found.filter((b) => b.locale === locale) : found;
  if (bases.length === 0) return 0;

  const existing = await UserSessionInfoTemplate.findAll({
    attributes: ['base_template_id'],
    where: { owner_id: userId, base_template_id: { [Op.in]: bases.map((b) => b.id) }, is_default_copy: true },
    transaction,
  });
  const copied = new Set(existing.map((t) => t.base_template_id));

  let created = 0;
  for (const base of bases) {
    if (copied.has(base.id)) continue;
    const template = await UserSessionInfoTemplate.create(
      {
        owner_id: userId,
        base_template_id: base.id,
        is_default_copy: true,
        name: base.name,
        description: base.description,
        locale: base.locale,
        display_order: base.display_order,
      },
      { transaction },
    );
    const fields = [...(base.fields ?? [])].sort((a, b) => a.display_order - b.display_order);
    await UserSessionInfoTemplateField.bulkCreate(
      fields.map((f) => ({
        template_id: template.id,
        field_key: f.field_key,
        label: f.label,
        field_type: f.field_type,
        options: f.options,
        is_required: f.is_required,
        display_order: f.display_order,
      })),
      { transaction },
    );
    created += 1;
  }
  return created;
}
