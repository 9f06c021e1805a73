import { type AccountingAccounts, paymentAccount } from './accounts';
import {
  ACCOUNT_LABELS,
  JOURNALS,
  type PaymentMovement,
  MOVEMENT_WORDS,
  ratePercent,
  type SalesDocument,
} from './entries';
import { FEC_COLUMNS, FEC_LINE_END, fecDate, fecText } from './fec';

/**
 * The FEC of a period written straight from its sources, an entry at a time: the same bytes as
 * `fecDocument(buildJournal(documents, movements, accounts))` (entries.ts, fec.ts; a property test
 * holds the two together), without an object per entry line and in numbers instead of bigint.
 * Pure. What the export streams to its file (activities/accounting-export.ts).
 *
 * Amounts are integer cents as numbers: exact, since every amount the sources carry comes from a
 * numeric(12,2) column or less (below 10^12 cents, far under 2^53), and an entry adds up at most
 * a document's few rates.
 */

/** One VAT rate of a sales document, in cents (numbers). */
export interface RateCents {
  vatBasisPoints: number;
  baseCents: number;
  vatCents: number;
}

/** An issued invoice or credit note (SalesDocument, amounts in numbers). */
export type SalesSource = Omit<SalesDocument, 'rates'> & { rates: readonly RateCents[] };

/** A row of the payments ledger (PaymentMovement, amount in numbers). */
export type MovementSource = Omit<PaymentMovement, 'amountCents'> & { amountCents: number };

/** A source in the file's order: its day, then its journal (sales first), then `order`. */
export interface Ordered {
  date: string;
  journal: 0 | 1;
  /** As buildJournal compares them: `0|number` (invoice), `1|number` (credit note), `invoice number|row id` (ledger). */
  order: string;
  sales: SalesSource | null;
  movement: MovementSource | null;
}

/** The file's order of two sources (buildJournal's): by day, then journal, then `order`. */
export const compareOrdered = (
  a: Pick<Ordered, 'date' | 'journal' | 'order'>,
  b: Pick<Ordered, 'date' | 'journal' | 'order'>,
) =>
  a.date !== b.date
    ? a.date < b.date
      ? -1
      : 1
    : a.journal - b.journal || (a.order < b.order ? -1 : a.order > b.order ? 1 : 0);

/**
 * The sources in the order of the file (buildJournal's): by day, the sales journal before the
 * payments journal, invoices before credit notes, then by document number (ledger rows by invoice
 * number, then row id). Sources already in that order (as the reads answer them) cost one pass.
 */
export function journalOrder(documents: readonly SalesSource[], movements: readonly MovementSource[]): Ordered[] {
  const all: Ordered[] = new Array<Ordered>(documents.length + movements.length);
  let n = 0;
  for (const d of documents)
    all[n++] = {
      date: d.date,
      journal: 0,
      order: `${d.kind === 'invoice' ? 0 : 1}|${d.number}`,
      sales: d,
      movement: null,
    };
  for (const m of movements)
    all[n++] = { date: m.date, journal: 1, order: `${m.invoiceNumber}|${m.id}`, sales: null, movement: m };
  return all.sort(compareOrdered);
}

/** Non-negative cents as `1234,56`. */
function amount(cents: number): string {
  if (cents === 0) return '0,00';
  if (cents < 10) return `0,0${cents}`;
  if (cents < 100) return `0,${cents}`;
  const digits = String(cents);
  return `${digits.slice(0, -2)},${digits.slice(-2)}`;
}

const byRate = (a: RateCents, b: RateCents) => a.vatBasisPoints - b.vatBasisPoints;

/** What the lines of every entry share, worked out once per file. */
export interface FecWriter {
  /** The header line. */
  header: string;
  /** The entry of `source` numbered `number`, or '' when it has no line (a document of 0.00); `lines` counts the lines written. */
  entry(source: Ordered, number: number): string;
  /** Entries and lines written so far. */
  entries: number;
  lines: number;
}

/** A writer of FEC entries with the studio's accounts (fecEntryText of salesLines and paymentLines, as one string). */
export function fecWriter(accounts: AccountingAccounts): FecWriter {
  const sub = accounts.client_sub_accounts;
  const rateLabels = new Map<number, { sales: string; vat: string }>();
  const rateLabel = (bp: number) => {
    let labels = rateLabels.get(bp);
    if (!labels)
      rateLabels.set(
        bp,
        (labels = {
          sales: `${accounts.sales}\t${ACCOUNT_LABELS.sales} ${ratePercent(bp)} %\t\t`,
          vat: `${accounts.vat_collected}\t${ACCOUNT_LABELS.vat_collected} ${ratePercent(bp)} %\t\t`,
        }),
      );
    return labels;
  };
  const clientAccount = `${accounts.client}\t${ACCOUNT_LABELS.client}\t`;
  const payAccounts = new Map<string, string>();
  const payAccount = (method: string) => {
    let text = payAccounts.get(method);
    if (text === undefined) {
      const key = paymentAccount(method);
      payAccounts.set(method, (text = `${accounts[key]}\t${ACCOUNT_LABELS[key]}\t\t`));
    }
    return text;
  };
  /** The client line's account and aux cells, up to the tab before PieceRef. */
  const clientCells = (code: string | null, name: string) =>
    `${clientAccount}${sub ? fecText(code) : ''}\t${sub && code ? fecText(name) : ''}`;

  const writer: FecWriter = {
    header: FEC_COLUMNS.join('\t') + FEC_LINE_END,
    entries: 0,
    lines: 0,
    entry(source, number) {
      const day = fecDate(source.date);
      const tail = `\t\t\t${day}\t\t${FEC_LINE_END}`;
      const d = source.sales;
      if (d) {
        const journal = JOURNALS.sales;
        const credit = d.kind === 'credit_note';
        const label = (
          d.kind === 'invoice'
            ? `Facture ${d.number} ${d.clientName}`
            : `Avoir ${d.number} sur ${d.invoiceNumber ?? ''} ${d.clientName}`
        ).trim();
        const after = `\t${fecText(d.number)}\t${day}\t${fecText(label)}\t`;
        const head = `${journal.code}\t${journal.label}\t${number}\t${day}\t`;
        // A line with `cents` on the debit side (credit for a credit note), the other side when negative.
        const line = (cells: string, cents: number, debit: boolean) => {
          const abs = cents < 0 ? -cents : cents;
          const onDebit = (debit !== cents < 0) !== credit;
          writer.lines++;
          return `${head}${cells}${after}${onDebit ? amount(abs) : '0,00'}\t${onDebit ? '0,00' : amount(abs)}${tail}`;
        };
        let total = 0;
        for (const r of d.rates) total += r.baseCents + r.vatCents;
        let text = total !== 0 ? line(clientCells(d.clientCode, d.clientName), total, true) : '';
        const rates = d.rates.length > 1 ? [...d.rates].sort(byRate) : d.rates;
        for (const r of rates) {
          if (r.baseCents === 0 && r.vatCents === 0) continue;
          const labels = rateLabel(r.vatBasisPoints);
          if (r.baseCents !== 0) text += line(labels.sales, r.baseCents, false);
          if (r.vatCents !== 0) text += line(labels.vat, r.vatCents, false);
        }
        return text;
      }
      // A ledger row always makes its two lines (one of 0.00 too, as paymentLines does).
      const m = source.movement!;
      const journal = JOURNALS.payments;
      const label = `${MOVEMENT_WORDS[m.kind]} ${m.invoiceNumber} ${m.clientName}${m.reference ? ` ${m.reference}` : ''}`;
      const head = `${journal.code}\t${journal.label}\t${number}\t${day}\t`;
      const after = `\t${fecText(m.invoiceNumber)}\t${day}\t${fecText(label)}\t`;
      const abs = amount(m.amountCents < 0 ? -m.amountCents : m.amountCents);
      // The money account on the debit side of a payment, the client on the credit side; swapped for a refund or reversal, and when negative.
      const moneyOnDebit = (m.kind === 'payment') !== m.amountCents < 0;
      const [debit, credit] = moneyOnDebit ? [`${abs}\t0,00`, `0,00\t${abs}`] : [`0,00\t${abs}`, `${abs}\t0,00`];
      writer.lines += 2;
      return `${head}${payAccount(m.method)}${after}${debit}${tail}${head}${clientCells(m.clientCode, m.clientName)}${after}${credit}${tail}`;
    },
  };
  return writer;
}

/**
 * The FEC of the sources, a chunk of entries at a time (the header first), numbered 1… in the
 * file's order; entries without a line take no number. `writer` counts the entries and lines.
 * Small chunks: each is a string of many small pieces that becomes flat when it is encoded, and
 * 128 entries at a time cost less than 2 000 (about 50 against 70 ms for the bench's 14 MB).
 */
export function* fecChunks(ordered: readonly Ordered[], writer: FecWriter, entriesPerChunk = 128): Generator<string> {
  let chunk = writer.header;
  let inChunk = 0;
  for (const source of ordered) {
    const text = writer.entry(source, writer.entries + 1);
    if (!text) continue;
    writer.entries++;
    chunk += text;
    if (++inChunk >= entriesPerChunk) {
      yield chunk;
      chunk = '';
      inChunk = 0;
    }
  }
  if (chunk) yield chunk;
}

/** The whole FEC of the sources as one string (tests, small files). */
export function fecOfSources(
  documents: readonly SalesSource[],
  movements: readonly MovementSource[],
  accounts: AccountingAccounts,
): string {
  return [...fecChunks(journalOrder(documents, movements), fecWriter(accounts))].join('');
}
