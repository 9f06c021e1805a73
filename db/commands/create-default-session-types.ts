import { type Sequelize } from 'sequelize-typescript';
import { type UserLocale } from '../../domain/accounts/users';
import { copySystemSessionTypes } from './copy-system-session-types';

/** Copies the system types the studio does not have yet (create-defaults); returns how many. */
export function createDefaultSessionTypes(sequelize: Sequelize, ownerId: string, locale: UserLocale): Promise<number> {
  return sequelize.transaction((transaction) => copySystemSessionTypes(sequelize, ownerId, locale, transaction));
}
