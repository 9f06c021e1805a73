import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { studioCurrency } from '../../domain/money/document-currency';
import { Organization } from '../models/Organization';
import { UserCompany } from '../models/UserCompany';

/**
 * The currency a new document of the owner's is in when none is named (issue 30 §1): its profile's,
 * else its country's (the profile's country, then the one the account gave at registration).
 */
export async function findOwnerCurrency(
  _sequelize: Sequelize,
  ownerId: string,
  transaction?: Transaction,
): Promise<string> {
  const [company, owner] = await Promise.all([
    UserCompany.findOne({ where: { user_id: ownerId }, attributes: ['currency', 'company_country'], transaction }),
    Organization.findByPk(ownerId, { attributes: ['country'], transaction }),
  ]);
  return studioCurrency({ currency: company?.currency, company_country: company?.company_country ?? owner?.country });
}
