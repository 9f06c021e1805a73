import { z } from 'zod';
import { ACCOUNT_NUMBER_PATTERN } from '../../domain/accounting/accounts';
import { periodProblems } from '../../domain/accounting/period';
import { CSV_DIALECTS } from '../../domain/exports/csv-dialect';
import { ACCOUNTING_EXPORT_FORMATS } from '../../workflows/accounting-export/contract';

/** GET /api/accounting/export: a period of days (studio's calendar, both included, at most 366 days) and a layout. */
export const AccountingExportQuery = z
  .object({
    from: z.string().max(10),
    to: z.string().max(10),
    format: z.enum(ACCOUNTING_EXPORT_FORMATS),
    csv_dialect: z.enum(CSV_DIALECTS).optional(),
  })
  .superRefine((q, ctx) => {
    for (const p of periodProblems(q.from, q.to)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  });
export type AccountingExportQuery = z.infer<typeof AccountingExportQuery>;

const AccountNumber = z.string().regex(ACCOUNT_NUMBER_PATTERN, 'An account number is 3 to 20 digits');

/** PUT /api/users/me/accounting-accounts: the accounts to set; one left out keeps its number. */
export const AccountingAccountsBody = z
  .object({
    client: AccountNumber.optional(),
    sales: AccountNumber.optional(),
    vat_collected: AccountNumber.optional(),
    bank: AccountNumber.optional(),
    card: AccountNumber.optional(),
    wallet: AccountNumber.optional(),
    client_sub_accounts: z.boolean().optional(),
  })
  .strict();

export const AccountingAccountsView = z.object({
  client: z.string(),
  sales: z.string(),
  vat_collected: z.string(),
  bank: z.string(),
  card: z.string(),
  wallet: z.string(),
  client_sub_accounts: z.boolean(),
});
