import { type AccountingAccounts, type AccountKey, paymentAccount } from './accounts';

/**
 * The journal entries of an accounting export (issue 22 §2), built from the studio's legal
 * records: pure, integer cents (bigint), no I/O. Each entry balances (Σ debit = Σ credit).
 *
 * - Sales journal (VE): an issued invoice debits the client (411) with its total with tax and
 *   credits sales (706) with each VAT rate's base and VAT collected (44571) with each rate's VAT.
 *   A final invoice's DEPOSIT lines are already in its rates (they lower each rate's base and
 *   VAT), so the sales of a deposit are counted once: on the deposit invoice. A credit note is the
 *   same entry with debit and credit swapped.
 * - Payments journal (BQ): a payment debits the bank (512), or the card (5115) or wallet (5116)
 *   clearing account, and credits the client; a refund and a reversal are the same entry swapped.
 */

export const JOURNALS = {
  sales: { code: 'VE', label: 'Ventes' },
  payments: { code: 'BQ', label: 'Banque et encaissements' },
} as const;
export type JournalKey = keyof typeof JOURNALS;

/** One VAT rate of a sales document: base and VAT in cents (either may be negative on a final invoice that deducts deposits). */
export interface RateAmounts {
  /** Basis points: 2000 is 20 %, 550 is 5.5 %. */
  vatBasisPoints: number;
  baseCents: bigint;
  vatCents: bigint;
}

/** An issued invoice or credit note, as the sales journal takes it. */
export interface SalesDocument {
  kind: 'invoice' | 'credit_note';
  /** Legal number: F-2026-00001, AV-2026-00001. */
  number: string;
  /** Issue day on the studio's calendar, YYYY-MM-DD. */
  date: string;
  /** The buyer's name as the invoice copied it. */
  clientName: string;
  /** The client's auxiliary account (CompAuxNum), when the studio keeps sub-accounts. */
  clientCode: string | null;
  /** For a credit note: the number of the invoice it corrects. */
  invoiceNumber?: string;
  rates: readonly RateAmounts[];
}

/** A row of the payments ledger (invoice_payments). */
export interface PaymentMovement {
  kind: 'payment' | 'refund' | 'reversal';
  method: string;
  amountCents: bigint;
  /** Day received on the studio's calendar, YYYY-MM-DD. */
  date: string;
  /** The invoice the money is for. */
  invoiceNumber: string;
  clientName: string;
  clientCode: string | null;
  /** The studio's or provider's reference, if any. */
  reference: string | null;
  /** A stable tie-breaker (the row id): two movements of one day keep one order. */
  id: string;
}

export interface EntryLine {
  account: string;
  accountLabel: string;
  /** Set on the client account's lines when the studio keeps sub-accounts. */
  auxAccount: string | null;
  auxLabel: string | null;
  label: string;
  debitCents: bigint;
  creditCents: bigint;
}

export interface JournalEntry {
  journal: JournalKey;
  /** 1, 2, 3… in the order of the file: by date, sales before payments, then by document. */
  number: number;
  /** YYYY-MM-DD. */
  date: string;
  /** The document: invoice, credit note, or the invoice a payment is for. */
  pieceRef: string;
  pieceDate: string;
  lines: EntryLine[];
}

/** Each account's label in the file (FEC CompteLib). */
export const ACCOUNT_LABELS: Record<AccountKey, string> = {
  client: 'Clients',
  sales: 'Prestations de services',
  vat_collected: 'TVA collectée',
  bank: 'Banque',
  card: 'Paiements par carte à encaisser',
  wallet: 'Paiements par portefeuille à encaisser',
};

/** 2000 → "20", 550 → "5,5", 0 → "0". */
export function ratePercent(vatBasisPoints: number): string {
  const whole = Math.trunc(vatBasisPoints / 100);
  const rest = vatBasisPoints % 100;
  return rest === 0 ? `${whole}` : `${whole},${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * A line with `amount` on `side`; a negative amount goes to the other side as its opposite,
 * since an accounting line never carries a negative amount.
 */
function line(
  account: AccountKey,
  accounts: AccountingAccounts,
  side: 'debit' | 'credit',
  amount: bigint,
  label: string,
  aux: { code: string | null; name: string } | null,
  rate?: number,
): EntryLine {
  const flip = amount < 0n;
  const abs = flip ? -amount : amount;
  const onDebit = (side === 'debit') !== flip;
  const suffix = rate === undefined ? '' : ` ${ratePercent(rate)} %`;
  return {
    account: accounts[account],
    accountLabel: `${ACCOUNT_LABELS[account]}${suffix}`,
    auxAccount: aux && accounts.client_sub_accounts ? aux.code : null,
    auxLabel: aux && accounts.client_sub_accounts && aux.code ? aux.name : null,
    label,
    debitCents: onDebit ? abs : 0n,
    creditCents: onDebit ? 0n : abs,
  };
}

const swap = (l: EntryLine): EntryLine => ({ ...l, debitCents: l.creditCents, creditCents: l.debitCents });

/** The sales journal's lines of one document (not yet numbered); nothing for a document of 0.00 with no rate. */
export function salesLines(doc: SalesDocument, accounts: AccountingAccounts): EntryLine[] {
  const aux = { code: doc.clientCode, name: doc.clientName };
  const label =
    doc.kind === 'invoice'
      ? `Facture ${doc.number} ${doc.clientName}`
      : `Avoir ${doc.number} sur ${doc.invoiceNumber ?? ''} ${doc.clientName}`;
  const total = doc.rates.reduce((sum, r) => sum + r.baseCents + r.vatCents, 0n);
  const lines: EntryLine[] = [line('client', accounts, 'debit', total, label.trim(), aux)];
  for (const r of [...doc.rates].sort((a, b) => a.vatBasisPoints - b.vatBasisPoints)) {
    if (r.baseCents !== 0n)
      lines.push(line('sales', accounts, 'credit', r.baseCents, label.trim(), null, r.vatBasisPoints));
    if (r.vatCents !== 0n)
      lines.push(line('vat_collected', accounts, 'credit', r.vatCents, label.trim(), null, r.vatBasisPoints));
  }
  const kept = lines.filter((l) => l.debitCents !== 0n || l.creditCents !== 0n);
  return doc.kind === 'credit_note' ? kept.map(swap) : kept;
}

/** The first word of a payments-journal line's label, by ledger row kind. */
export const MOVEMENT_WORDS = {
  payment: 'Règlement',
  refund: 'Remboursement',
  reversal: 'Annulation règlement',
} as const;

/** The payments journal's lines of one ledger row. */
export function paymentLines(m: PaymentMovement, accounts: AccountingAccounts): EntryLine[] {
  const label = `${MOVEMENT_WORDS[m.kind]} ${m.invoiceNumber} ${m.clientName}${m.reference ? ` ${m.reference}` : ''}`;
  const lines = [
    line(paymentAccount(m.method), accounts, 'debit', m.amountCents, label, null),
    line('client', accounts, 'credit', m.amountCents, label, { code: m.clientCode, name: m.clientName }),
  ];
  return m.kind === 'payment' ? lines : lines.map(swap);
}

const JOURNAL_ORDER: Record<JournalKey, number> = { sales: 0, payments: 1 };

/**
 * Every entry of a period, numbered 1… in the order of the file: by date, then the sales journal
 * before the payments journal, invoices before credit notes, then by document number (payments by
 * row id). Entries with no line (a document of 0.00) are left out.
 */
export function buildJournal(
  documents: readonly SalesDocument[],
  movements: readonly PaymentMovement[],
  accounts: AccountingAccounts,
): JournalEntry[] {
  const drafts = [
    ...documents.map((d) => ({
      journal: 'sales' as const,
      date: d.date,
      order: `${d.kind === 'invoice' ? 0 : 1}|${d.number}`,
      pieceRef: d.number,
      lines: salesLines(d, accounts),
    })),
    ...movements.map((m) => ({
      journal: 'payments' as const,
      date: m.date,
      order: `${m.invoiceNumber}|${m.id}`,
      pieceRef: m.invoiceNumber,
      lines: paymentLines(m, accounts),
    })),
  ].filter((d) => d.lines.length > 0);
  drafts.sort((a, b) =>
    a.date !== b.date
      ? a.date < b.date
        ? -1
        : 1
      : JOURNAL_ORDER[a.journal] - JOURNAL_ORDER[b.journal] || (a.order < b.order ? -1 : a.order > b.order ? 1 : 0),
  );
  return drafts.map((d, i) => ({
    journal: d.journal,
    number: i + 1,
    date: d.date,
    pieceRef: d.pieceRef,
    pieceDate: d.date,
    lines: d.lines,
  }));
}

/** Σ debit − Σ credit of an entry: 0 for every entry this module builds. */
export function imbalance(entry: Pick<JournalEntry, 'lines'>): bigint {
  return entry.lines.reduce((sum, l) => sum + l.debitCents - l.creditCents, 0n);
}
