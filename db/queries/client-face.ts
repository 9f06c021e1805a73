import { type Sequelize } from 'sequelize-typescript';
import { clientLocale } from '../../domain/accounts/client-locale';
import { type UserLocale } from '../../domain/accounts/users';
import { Contact } from '../models/Contact';
import { findStudio } from './studios';
import { UserCompany } from '../models/UserCompany';

/** How the studio shows itself to one client: in the client's language, under its name and logo. */
export interface ClientFace {
  /** The language the client reads (domain/accounts/client-locale.ts). */
  locale: UserLocale;
  /** The company profile's name, else the account's name, else its email (as the documents do). */
  studioName: string;
  /** The storage key of the studio's uploaded logo, or null. */
  logoKey: string | null;
}

/**
 * The face a studio shows to one of its contacts (null contact: a reader the studio does not
 * know, who gets the studio's language). Null when the studio is gone. Another studio's contact
 * reads as none.
 */
export async function loadClientFace(
  sequelize: Sequelize,
  ownerId: string,
  contactId: string | null,
): Promise<ClientFace | null> {
  const [owner, company, contact] = await Promise.all([
    findStudio(sequelize, ownerId).catch(() => null),
    UserCompany.findOne({ where: { user_id: ownerId }, attributes: ['company_name'] }),
    contactId ? Contact.findOne({ where: { id: contactId, owner_id: ownerId }, attributes: ['id', 'locale'] }) : null,
  ]);
  if (!owner) return null;
  return {
    locale: clientLocale(contact, owner),
    studioName: company?.company_name || owner.name || owner.owner_email,
    logoKey: owner.logo_key,
  };
}
