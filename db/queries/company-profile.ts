import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { Organization } from '../models/Organization';
import { UserCompany } from '../models/UserCompany';

/** The columns of a company profile, as plain data. */
export const COMPANY_PROFILE_FIELDS = [
  'company_name',
  'legal_form',
  'share_capital',
  'siren',
  'siret',
  'vat_number',
  'rcs_city',
  'company_street',
  'company_zipcode',
  'company_city',
  'company_country',
  'company_region',
  'currency',
  'tax_rates',
  'tax_registrations',
  'email',
  'phone',
  'iban',
  'bic',
  'vat_exempt',
  'vat_on_debits',
  'vat_regime',
  'late_payment_rate',
  'payment_terms_days',
] as const;
export type CompanyProfileField = (typeof COMPANY_PROFILE_FIELDS)[number];
export type CompanyProfileRow = Pick<UserCompany, CompanyProfileField | 'created_at' | 'updated_at'>;

/** The owner's company profile, or null before the first save. */
export async function findCompanyProfile(_sequelize: Sequelize, ownerId: string): Promise<CompanyProfileRow | null> {
  return UserCompany.findOne({
    where: { user_id: ownerId },
    attributes: [...COMPANY_PROFILE_FIELDS, 'created_at', 'updated_at'],
    raw: true,
  });
}

/** The owner's company profile; 404 before the first save. */
export async function readCompanyProfile(sequelize: Sequelize, ownerId: string): Promise<CompanyProfileRow> {
  const profile = await findCompanyProfile(sequelize, ownerId);
  if (!profile) throw new NotFoundError('Company profile');
  return profile;
}

/** Where the studio is, as an SMS to a number typed without its country code reads it: its company's country and its language. */
export async function findStudioRegionSources(
  _sequelize: Sequelize,
  ownerId: string,
): Promise<{ studioCountry: string | null; studioLocale: string | null }> {
  const [company, user] = await Promise.all([
    UserCompany.findOne({ where: { user_id: ownerId }, attributes: ['company_country'], raw: true }),
    Organization.findByPk(ownerId, { attributes: ['locale'], raw: true }),
  ]);
  return { studioCountry: company?.company_country ?? null, studioLocale: user?.locale ?? null };
}
