import { type Sequelize } from 'sequelize-typescript';
import { Op } from 'sequelize';
import { EmailTemplate } from '../models/EmailTemplate';

/**
 * The email template to use for `businessKey`: the one named by id when it is the owner's or a
 * system one; else the owner's own in their locale, their own in another, the system one in
 * their locale, the system one in another, in that order. Null when none exists.
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
  const rank = (t: EmailTemplate) => (t.owner_id ? 0 : 2) + (t.locale === locale ? 0 : 1);
  return candidates.sort((a, b) => rank(a) - rank(b))[0] ?? null;
}
