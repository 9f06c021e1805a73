import { UniqueConstraintError } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ConflictError } from '../../domain/errors';
import { copySystemSessionTypes } from './copy-system-session-types';
import { copyBaseSessionInfoTemplates } from './copy-base-session-info-templates';
import { Organization } from '../models/Organization';
import { User } from '../models/User';
import { type UserLocale } from '../../domain/accounts/users';
import { registrationLocale, registrationTimeZone } from '../../domain/accounts/registration-defaults';

export interface RegisterUserProps {
  email: string;
  passwordHash: string;
  name?: string | null;
  locale?: UserLocale;
  country?: string | null;
  timeZone?: string;
}

/** The unique index on lower(email) (migration 2026.11.22T04.00.00). */
const EMAIL_INDEX = 'users_email_lower_key';

/**
 * Creates a studio account in one transaction: its organisation, the user, and the user's
 * copies of the base session-info templates (so a new studio starts with working forms).
 * Throws ConflictError `email_taken` when the email (any case) already has an account, also when
 * two registrations of one email race: the second then trips the unique index instead of the check.
 * The role is always `user`: admin rights come from ADMIN_EMAILS at request time, never from the row.
 */
export async function registerUser(sequelize: Sequelize, props: RegisterUserProps): Promise<User> {
  const email = props.email.trim();
  const taken = () => new ConflictError('email_taken', 'An account with this email already exists');
  try {
    return await createAccount(sequelize, email, props, taken);
  } catch (err) {
    if (
      err instanceof UniqueConstraintError &&
      (err.parent as { constraint?: string } | undefined)?.constraint === EMAIL_INDEX
    )
      throw taken();
    throw err;
  }
}

function createAccount(
  sequelize: Sequelize,
  email: string,
  props: RegisterUserProps,
  taken: () => ConflictError,
): Promise<User> {
  return sequelize.transaction(async (transaction) => {
    const existing = await User.findOne({
      where: sequelize.where(sequelize.fn('lower', sequelize.col('email')), email.toLowerCase()),
      transaction,
    });
    if (existing) throw taken();
    // The studio's settings start as its founder's: their language, country and zone.
    const locale = registrationLocale(props.locale, props.country);
    const timeZone = registrationTimeZone(props.timeZone, props.country);
    const org = await Organization.create(
      { name: props.name?.trim() || email, locale, time_zone: timeZone, country: props.country ?? null },
      { transaction },
    );
    // The founder's account takes the studio's id (migration 2026.11.28T12.00.00): a studio of one
    // answers to the same id as its account, as every studio did before teams.
    const user = await User.create(
      {
        id: org.id,
        org_id: org.id,
        email,
        password_hash: props.passwordHash,
        name: props.name ?? null,
        locale,
        time_zone: timeZone,
        role: 'user',
      },
      { transaction },
    );
    await sequelize.query(`INSERT INTO memberships (org_id, user_id, role) VALUES ($1, $1, 'owner')`, {
      bind: [org.id],
      transaction,
    });
    await copyBaseSessionInfoTemplates(sequelize, user.id, { transaction, locale: user.locale });
    // After the questionnaires: each copied type points at the studio's copy of its questionnaire.
    await copySystemSessionTypes(sequelize, user.id, user.locale, transaction);
    return user;
  });
}
