import { type ReportedFlow } from '../addons/fr-e-invoicing/reported-flow';
import { type ReportingPeriod } from './reporting-periods';

/** What is sold: services, goods (a photographer's prints, albums), declared apart (issue 32 §4). */
export type OperationCategory = 'SERVICES' | 'GOODS';

/** One issued invoice or credit note to report, by rate: a credit note's amounts are negative. */
export interface ReportableDocument {
  id: string;
  kind: 'invoice' | 'credit_note';
  number: string;
  /** The day it was issued (the studio's calendar), YYYY-MM-DD. */
  day: string;
  flow: ReportedFlow;
  currency: string;
  /** Its amounts per category and VAT rate (basis points: 2000 = 20 %), in minor units. */
  parts: { category: OperationCategory; rateBasisPoints: number; baseCents: bigint; vatCents: bigint }[];
  /** A credit note: the number of the invoice it corrects. */
  corrects?: string | null;
}

/** One payment received for services, split over its invoice's VAT rates (minor units). */
export interface ReportablePayment {
  id: string;
  day: string;
  currency: string;
  parts: { rateBasisPoints: number; amountCents: bigint }[];
}

/** A line of a transactions report: the day's sales of one flow, category, currency and rate. */
export interface TransactionTotal {
  day: string;
  flow: ReportedFlow;
  category: OperationCategory;
  currency: string;
  rateBasisPoints: number;
  baseCents: bigint;
  vatCents: bigint;
  documents: number;
}

/** A line of a payments report: the day's payments of one currency and rate. */
export interface PaymentTotal {
  day: string;
  currency: string;
  rateBasisPoints: number;
  amountCents: bigint;
  payments: number;
}

/** Sums `rows` by `keyOf`, in key order: every input counted once, nothing lost. */
function sumBy<R, T>(rows: R[], keyOf: (row: R) => string, start: (row: R) => T, add: (total: T, row: R) => void): T[] {
  const totals = new Map<string, T>();
  for (const row of rows) {
    const key = keyOf(row);
    const total = totals.get(key);
    if (total) add(total, row);
    else totals.set(key, start(row));
  }
  return [...totals.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, t]) => t);
}

/** The day's sales per flow, category, currency and rate; a document counts once in each line it has parts in. */
export function transactionTotals(documents: ReportableDocument[]): TransactionTotal[] {
  const parts = documents.flatMap((d) =>
    d.parts.map((p) => ({ ...p, day: d.day, flow: d.flow, currency: d.currency, id: d.id })),
  );
  const key = (p: (typeof parts)[number]) =>
    [p.day, p.flow, p.category, p.currency, String(p.rateBasisPoints).padStart(6, '0')].join('|');
  const lines = sumBy(
    parts,
    key,
    (p) => ({
      day: p.day,
      flow: p.flow,
      category: p.category,
      currency: p.currency,
      rateBasisPoints: p.rateBasisPoints,
      baseCents: p.baseCents,
      vatCents: p.vatCents,
      ids: new Set([p.id]),
    }),
    (t, p) => {
      t.baseCents += p.baseCents;
      t.vatCents += p.vatCents;
      t.ids.add(p.id);
    },
  );
  return lines.map(({ ids, ...t }) => ({ ...t, documents: ids.size }));
}

/** The day's payments received per currency and rate. */
export function paymentTotals(payments: ReportablePayment[]): PaymentTotal[] {
  const parts = payments.flatMap((p) =>
    p.parts.map((part) => ({ ...part, day: p.day, currency: p.currency, id: p.id })),
  );
  const lines = sumBy(
    parts,
    (p) => [p.day, p.currency, String(p.rateBasisPoints).padStart(6, '0')].join('|'),
    (p) => ({
      day: p.day,
      currency: p.currency,
      rateBasisPoints: p.rateBasisPoints,
      amountCents: p.amountCents,
      ids: new Set([p.id]),
    }),
    (t, p) => {
      t.amountCents += p.amountCents;
      t.ids.add(p.id);
    },
  );
  return lines.map(({ ids, ...t }) => ({ ...t, payments: ids.size }));
}

/**
 * What one report holds (issue 32 §4): the records of its period not reported yet, and, as
 * corrections, records of earlier periods that were not in their period's report (a sale entered
 * late) or that correct an earlier one (a credit note of an invoice already reported; it is dated
 * in this period, and says which invoice it corrects). Each record is reported exactly once.
 */
export function reportContents<R extends { id: string; day: string }>(
  period: ReportingPeriod,
  records: R[],
  alreadyReported: ReadonlySet<string>,
): { current: R[]; late: R[] } {
  const pending = records.filter((r) => !alreadyReported.has(r.id) && r.day <= period.end);
  return {
    current: pending.filter((r) => r.day >= period.start),
    late: pending.filter((r) => r.day < period.start),
  };
}
