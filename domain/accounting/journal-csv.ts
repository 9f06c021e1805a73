import { neutraliseFormula } from '../exports/cell-format';
import { type CsvDialectRules } from '../exports/csv-dialect';
import { type AccountingAccounts, type AccountKey, paymentAccount } from './accounts';
import { csvLine } from './csv';
import { type EntryLine, type JournalKey } from './entries';
import { fecAmount } from './fec';
import { compareOrdered } from './journal-text';
import { documentTotal, type TaxedDocument, taxLabel } from './tax-documents';

/**
 * The journal csv of a studio outside France (issue 30 §2, docs/accounting-export.md): the FEC's
 * entries (an entry per issued invoice, credit note and ledger row, in the same order, each
 * balanced) in English, each line with the currency of its document. A studio issues in several
 * currencies: each entry is in one, and nothing here adds two entries together. Pure.
 */

/** A row of the payments ledger with its currency. */
export interface CurrencyMovement {
  kind: 'payment' | 'refund' | 'reversal';
  method: string;
  amountCents: bigint;
  date: string;
  invoiceNumber: string;
  clientName: string;
  clientCode: string | null;
  reference: string | null;
  id: string;
  currency: string;
}

/** An entry of the journal csv: the FEC's entry with its currency. */
export interface CurrencyEntry {
  journal: JournalKey;
  number: number;
  date: string;
  pieceRef: string;
  currency: string;
  lines: EntryLine[];
}

/** The two journals in English words (the FEC's VE and BQ). */
export const JOURNAL_NAMES: Record<JournalKey, { code: string; label: string }> = {
  sales: { code: 'SJ', label: 'Sales journal' },
  payments: { code: 'CR', label: 'Cash receipts journal' },
};

const LABELS: Record<AccountKey, string> = {
  client: 'Accounts receivable',
  sales: 'Sales of services',
  vat_collected: 'Tax collected',
  bank: 'Bank',
  card: 'Card payments to clear',
  wallet: 'Wallet payments to clear',
};

const MOVEMENT_LABELS = { payment: 'Payment', refund: 'Refund', reversal: 'Payment reversal' } as const;

/** A line of `cents` on `side`; below 0 it goes to the other side, as the FEC's lines do. */
function posted(
  account: string,
  accountLabel: string,
  side: 'debit' | 'credit',
  cents: bigint,
  label: string,
  aux: { code: string | null; name: string } | null,
): EntryLine {
  const onDebit = (side === 'debit') !== cents < 0n;
  const abs = cents < 0n ? -cents : cents;
  return {
    account,
    accountLabel,
    auxAccount: aux?.code ?? null,
    auxLabel: aux?.code ? aux.name : null,
    label,
    debitCents: onDebit ? abs : 0n,
    creditCents: onDebit ? 0n : abs,
  };
}

const swapped = (l: EntryLine): EntryLine => ({ ...l, debitCents: l.creditCents, creditCents: l.debitCents });
const nonZero = (l: EntryLine) => l.debitCents !== 0n || l.creditCents !== 0n;

/** A document's lines: the client debited with its total, sales credited with each net, the tax account with each tax; swapped for a credit note. */
export function documentLines(doc: TaxedDocument, accounts: AccountingAccounts): EntryLine[] {
  const label = (
    doc.kind === 'invoice'
      ? `Invoice ${doc.number} ${doc.clientName}`
      : `Credit note ${doc.number} on ${doc.invoiceNumber ?? ''} ${doc.clientName}`
  ).trim();
  const aux = accounts.client_sub_accounts ? { code: doc.clientCode, name: doc.clientName } : null;
  const lines = [
    posted(accounts.client, LABELS.client, 'debit', documentTotal(doc), label, aux),
    ...doc.sales.map((s) =>
      posted(
        accounts.sales,
        s.taxLabel ? `${LABELS.sales} ${s.taxLabel}` : LABELS.sales,
        'credit',
        s.cents,
        label,
        null,
      ),
    ),
    ...doc.taxes.map((t) =>
      posted(
        accounts.vat_collected,
        `${taxLabel(t.name, t.milliPercent)} collected`,
        'credit',
        t.amountCents,
        label,
        null,
      ),
    ),
  ].filter(nonZero);
  return doc.kind === 'credit_note' ? lines.map(swapped) : lines;
}

/** A ledger row's two lines: the money account debited and the client credited for a payment, swapped otherwise. */
export function movementLines(m: CurrencyMovement, accounts: AccountingAccounts): EntryLine[] {
  const label = `${MOVEMENT_LABELS[m.kind]} ${m.invoiceNumber} ${m.clientName}${m.reference ? ` ${m.reference}` : ''}`;
  const key = paymentAccount(m.method);
  const aux = accounts.client_sub_accounts ? { code: m.clientCode, name: m.clientName } : null;
  const lines = [
    posted(accounts[key], LABELS[key], 'debit', m.amountCents, label, null),
    posted(accounts.client, LABELS.client, 'credit', m.amountCents, label, aux),
  ];
  return m.kind === 'payment' ? lines : lines.map(swapped);
}

/**
 * The period's entries in the FEC's order (by day, sales before payments, invoices before credit
 * notes, then by number; ledger rows by invoice number and row id), numbered 1…; a document of
 * 0.00 has no entry.
 */
export function currencyJournal(
  documents: readonly TaxedDocument[],
  movements: readonly CurrencyMovement[],
  accounts: AccountingAccounts,
): CurrencyEntry[] {
  const drafts = [
    ...documents.map((d) => ({
      journal: 0 as const,
      date: d.date,
      order: `${d.kind === 'invoice' ? 0 : 1}|${d.number}`,
      entry: { journal: 'sales' as const, pieceRef: d.number, currency: d.currency, lines: documentLines(d, accounts) },
    })),
    ...movements.map((m) => ({
      journal: 1 as const,
      date: m.date,
      order: `${m.invoiceNumber}|${m.id}`,
      entry: {
        journal: 'payments' as const,
        pieceRef: m.invoiceNumber,
        currency: m.currency,
        lines: movementLines(m, accounts),
      },
    })),
  ]
    .filter((d) => d.entry.lines.length > 0)
    .sort(compareOrdered);
  return drafts.map((d, i) => ({ ...d.entry, number: i + 1, date: d.date }));
}

/** The journal csv's columns. */
export const JOURNAL_CSV_COLUMNS = [
  'journal',
  'journal_label',
  'entry',
  'date',
  'account',
  'account_label',
  'client_account',
  'client_name',
  'document',
  'label',
  'debit',
  'credit',
  'currency',
] as const;

/** The cells of an entry's lines, in JOURNAL_CSV_COLUMNS order. */
export function journalCsvRows(entry: CurrencyEntry, rules: CsvDialectRules): string[][] {
  const { code, label } = JOURNAL_NAMES[entry.journal];
  const head = [code, label, String(entry.number), entry.date];
  const text = (value: string | null) => neutraliseFormula(value ?? '');
  const piece = text(entry.pieceRef);
  const amount = (cents: bigint) => fecAmount(cents, rules.decimalSeparator);
  // Account labels are this module's words, a tax's name and a rate; the rest may be anyone's text.
  return entry.lines.map((l) =>
    head.concat(l.account, text(l.accountLabel), text(l.auxAccount), text(l.auxLabel), piece, text(l.label), [
      amount(l.debitCents),
      amount(l.creditCents),
      entry.currency,
    ]),
  );
}

/** The whole journal csv, a chunk of records at a time: BOM and header first, the project's csv conventions. */
export function* journalCsvChunks(entries: readonly CurrencyEntry[], rules: CsvDialectRules): Generator<string> {
  let buffer = ['\ufeff' + csvLine(JOURNAL_CSV_COLUMNS, rules)];
  for (const entry of entries) {
    for (const cells of journalCsvRows(entry, rules)) buffer.push(csvLine(cells, rules));
    if (buffer.length >= 2000) {
      yield buffer.join('');
      buffer = [];
    }
  }
  if (buffer.length) yield buffer.join('');
}
