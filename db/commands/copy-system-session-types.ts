import { type Sequelize } from 'sequelize-typescript';
import { Op, type Transaction } from 'sequelize';
import { localeDistance, readableLocales } from '../../domain/accounts/locale-language';
import { type UserLocale } from '../../domain/accounts/users';
import { BaseSessionInfoTemplate } from '../models/BaseSessionInfoTemplate';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { UserSessionType } from '../models/UserSessionType';
import { sessionTypeTexts } from '../seed/session-types';
import { copySystemAutomations } from './copy-system-automations';

/**
 * Gives a studio its own copy of each active system session type it does not have yet (matched
 * on business_key), named in the studio's language, linked to the studio's own copy of the type's
 * workflow template (made here, in that language, unless the studio has one) and to its own
 * default copy of the questionnaire made for that type in that language. Idempotent: a second
 * call creates nothing. Returns how many were created.
 */
export async function copySystemSessionTypes(
  sequelize: Sequelize,
  ownerId: string,
  locale: UserLocale,
  transaction: Transaction,
): Promise<number> {
  const system = await UserSessionType.findAll({
    where: { owner_id: null, is_active: true },
    order: [
      ['display_order', 'ASC'],
      ['id', 'ASC'],
    ],
    transaction,
  });
  const have = new Set(
    (
      await UserSessionType.findAll({
        where: { owner_id: ownerId, business_key: { [Op.ne]: null } },
        attributes: ['business_key'],
        transaction,
      })
    ).map((t) => t.business_key),
  );
  const missing = system.filter((t) => !have.has(t.business_key));
  if (missing.length === 0) return 0;
  // The base templates in the studio's locale first, then its language's (copy-base-session-info-templates.ts).
  const bases = (
    await BaseSessionInfoTemplate.findAll({
      where: { locale: readableLocales(locale), default_session_type_id: missing.map((t) => t.id) },
      attributes: ['id', 'default_session_type_id', 'locale'],
      transaction,
    })
  ).sort((a, b) => localeDistance(a.locale, locale) - localeDistance(b.locale, locale));
  const copies = await UserSessionInfoTemplate.findAll({
    where: { owner_id: ownerId, is_default_copy: true, base_template_id: bases.map((b) => b.id) },
    attributes: ['id', 'base_template_id'],
    transaction,
  });
  const templateFor = (typeId: string) => {
    const base = bases.find((b) => b.default_session_type_id === typeId);
    return copies.find((c) => base && c.base_template_id === base.id)?.id ?? null;
  };
  const workflowFor = await copySystemAutomations(
    sequelize,
    ownerId,
    locale,
    missing.flatMap((t) => (t.default_workflow_id ? [t.default_workflow_id] : [])),
    transaction,
  );
  const texts = sessionTypeTexts(locale);
  await UserSessionType.bulkCreate(
    missing.map((t) => {
      // The studio's language when the seed has the type's text in it, else the system row's.
      const text = t.business_key ? texts.get(t.business_key) : undefined;
      return {
        owner_id: ownerId,
        name: text?.name ?? t.name,
        description: text ? text.description : t.description,
        duration_minutes: t.duration_minutes,
        price: t.price,
        vat_percentage: t.vat_percentage,
        default_workflow_id: t.default_workflow_id
          ? (workflowFor.get(t.default_workflow_id) ?? t.default_workflow_id)
          : null,
        default_session_info_template_id: templateFor(t.id),
        display_order: t.display_order,
        business_key: t.business_key,
        is_active: true,
      };
    }),
    { transaction },
  );
  return missing.length;
}
