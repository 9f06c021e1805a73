import { type Sequelize } from 'sequelize-typescript';
import { Op } from 'sequelize';
import { localeDistance } from '../../domain/accounts/locale-language';
import { EmailTemplate } from '../models/EmailTemplate';

/**
 * The email template to use for `businessKey`: the one named by id when it is the owner's or a
 * system one; else the owner's own in their locale, in their language (en-US for en-GB), in
 * another, then the system one in the same order. Null when none exists.
 */
export async function findEmailTemplate(
  _sequelize: Sequelize,
  ownerId: string,
  locale: string,
  businessKey: string,
  emailTemplateId?: string | null,
): Promise<EmailTemplate | null> {
  if (emailTemplateId) {
    const chosen = await EmailTemplate.findOne({
      where: { id: emailTemplateId, is_active: true, [Op.or]: [{ owner_id: ownerId }, { owner_id: null }] },
    });
    if (chosen) return chosen;
  }
  const candidates = await EmailTemplate.findAll({
    where: { business_key: businessKey, is_active: true, [Op.or]: [{ owner_id: ownerId }, { owner_id: null }] },
  });
  const rank = (t: EmailTemplate) => (t.owner_id ? 0 : 3) + localeDistance(t.locale, locale);
  return candidates.sort((a, b) => rank(a) - rank(b))[0] ?? null;
}
