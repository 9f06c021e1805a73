/**
 * A studio's chart of accounts for the accounting export (issue 22 §2): the French general ledger
 * accounts (Plan comptable général) the sales journal and the payments are posted to. Each is a
 * string of 3 to 20 digits; the studio may set its own (an accountant often wants 41100000 or
 * 70620000), the defaults are the plan's.
 */
export interface AccountingAccounts {
  /** Clients: debited with what an invoice asks (TTC), credited by a payment. */
  client: string;
  /** Sales of services: credited with each VAT rate's base (HT). */
  sales: string;
  /** VAT collected: credited with each rate's VAT. */
  vat_collected: string;
  /** Bank: transfers, checks, cash and other payments the studio records. */
  bank: string;
  /** Card clearing account: card payments until the provider's payout reaches the bank. */
  card: string;
  /** Wallet clearing account: wallet payments until their payout. */
  wallet: string;
  /** Give each client an auxiliary account (CompAuxNum) under the client account. */
  client_sub_accounts: boolean;
}

/** The plan's accounts; 5115 and 5116 are sub-accounts of 511 (valeurs à l'encaissement) for the two providers. */
export const DEFAULT_ACCOUNTING_ACCOUNTS: AccountingAccounts = {
  client: '411',
  sales: '706',
  vat_collected: '44571',
  bank: '512',
  card: '5115',
  wallet: '5116',
  client_sub_accounts: false,
};

/** The account keys that hold numbers. */
export const ACCOUNT_KEYS = ['client', 'sales', 'vat_collected', 'bank', 'card', 'wallet'] as const;
export type AccountKey = (typeof ACCOUNT_KEYS)[number];

/** 3 to 20 digits: what accounting software accepts as an account number. */
export const ACCOUNT_NUMBER_PATTERN = /^\d{3,20}$/;

/** Every problem of a set of accounts, as `{path, message}` for a 400; none when valid. */
export function accountProblems(accounts: Partial<Record<AccountKey, string>>): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  for (const key of ACCOUNT_KEYS) {
    const value = accounts[key];
    if (value !== undefined && !ACCOUNT_NUMBER_PATTERN.test(value))
      problems.push({ path: key, message: 'An account number is 3 to 20 digits' });
  }
  return problems;
}

/** The account a payment method is posted to: card and wallet to their clearing accounts, everything else to the bank. */
export function paymentAccount(method: string): AccountKey {
  if (method === 'card') return 'card';
  if (method === 'wallet') return 'wallet';
  return 'bank';
}
