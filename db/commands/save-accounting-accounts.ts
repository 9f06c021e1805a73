import { type Sequelize } from 'sequelize-typescript';
import { type AccountingAccounts, accountProblems } from '../../domain/accounting/accounts';
import { ValidationError } from '../../domain/errors';
import { AuditLog } from '../models/AuditLog';
import { readAccountingAccounts } from '../queries/accounting-export';

/**
 * PUT /api/users/me/accounting-accounts: the accounts named replace the studio's (the others
 * stay as they are, defaults included); every invalid number is a 400 naming it. One row per
 * studio, written with its audit row in one transaction.
 */
export async function saveAccountingAccounts(
  sequelize: Sequelize,
  ownerId: string,
  wanted: Partial<AccountingAccounts>,
  requestId?: string,
): Promise<AccountingAccounts> {
  const problems = accountProblems(wanted);
  if (problems.length) throw new ValidationError('An account number is not valid', problems);
  return sequelize.transaction(async (transaction) => {
    const next = { ...(await readAccountingAccounts(sequelize, ownerId)), ...wanted };
    await sequelize.query(
      `INSERT INTO accounting_accounts (owner_id, client, sales, vat_collected, bank, card, wallet, client_sub_accounts) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (owner_id) DO UPDATE SET client = EXCLUDED.client, sales = EXCLUDED.sales, vat_collected = EXCLUDED.vat_collected, bank = EXCLUDED.bank,
         card = EXCLUDED.card, wallet = EXCLUDED.wallet, client_sub_accounts = EXCLUDED.client_sub_accounts, updated_at = now()`,
      {
        bind: [
          ownerId,
          next.client,
          next.sales,
          next.vat_collected,
          next.bank,
          next.card,
          next.wallet,
          next.client_sub_accounts,
        ],
        transaction,
      },
    );
    await AuditLog.create(
      {
        actor_id: ownerId,
        action: 'UPDATE',
        entity_type: 'ACCOUNTING_ACCOUNTS',
        entity_id: null,
        resource_owner_id: ownerId,
        request_id: requestId ?? null,
        metadata: { changed: Object.keys(wanted) },
      },
      { transaction },
    );
    return next;
  });
}
