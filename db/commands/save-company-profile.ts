import { type Sequelize } from 'sequelize-typescript';
import { identifierProblems } from '../../domain/company/identifiers';
import { ValidationError } from '../../domain/errors';
import { AuditLog } from '../models/AuditLog';
import { UserCompany } from '../models/UserCompany';
import {
  COMPANY_PROFILE_FIELDS,
  type CompanyProfileField,
  type CompanyProfileRow,
  readCompanyProfile,
} from '../queries/company-profile';

/** A whole profile as the studio saves it (absent optional fields are cleared). */
export type CompanyProfileInput = { company_name: string } & Partial<
  Record<Exclude<CompanyProfileField, 'company_name'>, unknown>
>;

/**
 * Creates or replaces the owner's company profile in one transaction, after the identifiers are
 * checked (domain/company/identifiers.ts: a 400 naming each wrong field, nothing saved), with an
 * audit row naming the fields that changed (never their values: an IBAN is not for the log).
 */
export async function saveCompanyProfile(
  sequelize: Sequelize,
  ownerId: string,
  input: CompanyProfileInput,
  requestId?: string,
): Promise<CompanyProfileRow> {
  const values = Object.fromEntries(
    COMPANY_PROFILE_FIELDS.map((f) => [
      f,
      input[f] ??
        (f === 'vat_exempt' || f === 'vat_on_debits'
          ? false
          : f === 'tax_registrations' || f === 'tax_rates'
            ? []
            : null),
    ]),
  ) as Record<CompanyProfileField, unknown>;
  const problems = identifierProblems({
    company_country: values.company_country as string | null,
    siren: values.siren as string | null,
    siret: values.siret as string | null,
    vat_number: values.vat_number as string | null,
    iban: values.iban as string | null,
    bic: values.bic as string | null,
  });
  if (problems.length > 0)
    throw new ValidationError(
      `The company profile is not valid: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`,
      problems,
    );
  await sequelize.transaction(async (transaction) => {
    const existing = await UserCompany.findOne({
      where: { user_id: ownerId },
      transaction,
      lock: transaction.LOCK.UPDATE,
    });
    // clone: without it Sequelize hands back its live dataValues, which the update below changes.
    const before = (existing?.get({ plain: true, clone: true }) ?? {}) as Record<string, unknown>;
    const row = existing
      ? await existing.update(values, { transaction })
      : await UserCompany.create({ ...values, user_id: ownerId }, { transaction });
    const after = row.get({ plain: true }) as Record<string, unknown>;
    // A list (tax_registrations, tax_rates) compares by its JSON: String() would make every list "[object Object]".
    const text = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v ?? ''));
    const changed = COMPANY_PROFILE_FIELDS.filter((f) => text(before[f]) !== text(after[f]));
    if (existing && changed.length === 0) return;
    await AuditLog.create(
      {
        actor_id: ownerId,
        action: existing ? 'UPDATE' : 'CREATE',
        entity_type: 'COMPANY_PROFILE',
        entity_id: row.id,
        resource_owner_id: ownerId,
        request_id: requestId ?? null,
        metadata: { changed },
      },
      { transaction },
    );
  });
  return readCompanyProfile(sequelize, ownerId);
}
