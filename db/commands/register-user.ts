import { type Sequelize } from 'sequelize-typescript';
import { ConflictError } from '../../domain/errors';
import { copyBaseSessionInfoTemplates } from './copy-base-session-info-templates';
import { Organization } from '../models/Organization';
import { User } from '../models/User';
import { type UserLocale } from '../../domain/accounts/users';

export interface RegisterUserProps {
  email: string;
  passwordHash: string;
  name?: string | null;
  locale?: UserLocale;
  role?: 'user' | 'admin';
}

/**
 * Creates a studio account in one transaction: its organisation, the user, and the user's
 * copies of the base session-info templates (so a new studio starts with working forms).
 * Throws ConflictError `email_taken` when the email (any case) already has an account.
 */
export async function registerUser(sequelize: Sequelize, props: RegisterUserProps): Promise<User> {
  const email = props.email.trim();
  return sequelize.transaction(async (transaction) => {
    const existing = await User.findOne({ where: sequelize.where(sequelize.fn('lower', sequelize.col('email')), email.toLowerCase()), transaction });
    if (existing) throw new ConflictError('email_taken', 'An account with this email already exists');
    const org = await Organization.create({ name: props.name?.trim() || email }, { transaction });
    const user = await User.create(
      { org_id: org.id, email, password_hash: props.passwordHash, name: props.name ?? null, locale: props.locale ?? 'fr-FR', role: props.role ?? 'user' },
      { transaction },
    );
    await copyBaseSessionInfoTemplates(user.id, { transaction, locale: user.locale });
    return user;
  });
}
