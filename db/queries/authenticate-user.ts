import { type Sequelize } from 'sequelize-typescript';
import { UnauthorizedError } from '../../domain/errors';
import { User } from '../models/User';

/** How passwords are checked; the api passes its argon2 functions (api/auth/passwords.ts). */
export interface PasswordChecks {
  /** True when `password` matches `passwordHash`. */
  verify: (passwordHash: string, password: string) => Promise<boolean>;
  /** Spends the time of one verification without an account to verify against. */
  verifyAgainstDummy: (password: string) => Promise<void>;
}

export interface AuthenticateUserProps {
  /** Any case: emails are unique regardless of case. */
  email: string;
  password: string;
}

/**
 * Finds the user by email and checks the password. An unknown email still costs one password
 * verification, so the answer time does not tell whether an account exists; both failures throw
 * the same UnauthorizedError.
 */
export async function authenticateUser(
  sequelize: Sequelize,
  passwords: PasswordChecks,
  props: AuthenticateUserProps,
): Promise<User> {
  const failure = () => new UnauthorizedError('Invalid email or password');
  const user = await User.findOne({
    where: sequelize.where(sequelize.fn('lower', sequelize.col('email')), props.email.trim().toLowerCase()),
  });
  if (!user) {
    await passwords.verifyAgainstDummy(props.password);
    throw failure();
  }
  if (!(await passwords.verify(user.password_hash, props.password))) throw failure();
  return user;
}
