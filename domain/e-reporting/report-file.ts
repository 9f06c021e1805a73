import { centsToDecimal } from '../invoicing/money';
import { paymentTotals, type ReportableDocument, type ReportablePayment, transactionTotals } from './report-aggregates';
import { type ReportFlow, type ReportingPeriod, type VatRegime } from './reporting-periods';

/**
 * An e-report as the studio downloads and checks it (issue 32 §4): its period and regime, the
 * totals of the period's records, and apart, the corrections: records of earlier periods that
 * were not in their period's report, and credit notes of invoices reported before. Amounts are
 * decimal strings of the currency (two decimals), rates percentages.
 */
export interface EReportFile {
  flow: ReportFlow;
  vat_regime: VatRegime;
  period: ReportingPeriod;
  seller: { siren: string | null; vat_number: string | null; name: string };
  totals: Record<string, unknown>[];
  corrections: Record<string, unknown>[];
  records: { kind: string; id: string; number?: string; day: string; correction: boolean; corrects?: string | null }[];
}

const rate = (basisPoints: number) => centsToDecimal(BigInt(basisPoints));

function transactionLines(documents: ReportableDocument[]) {
  return transactionTotals(documents).map((t) => ({
    day: t.day,
    flow: t.flow,
    category: t.category,
    currency: t.currency,
    vat_rate: rate(t.rateBasisPoints),
    taxable_base: centsToDecimal(t.baseCents),
    vat: centsToDecimal(t.vatCents),
    documents: t.documents,
  }));
}

function paymentLines(payments: ReportablePayment[]) {
  return paymentTotals(payments).map((t) => ({
    day: t.day,
    currency: t.currency,
    vat_rate: rate(t.rateBasisPoints),
    amount: centsToDecimal(t.amountCents),
    payments: t.payments,
  }));
}

/** The file of one report: `current` the period's records, `late` those of earlier periods reported now. */
export function eReportFile(
  head: Pick<EReportFile, 'flow' | 'vat_regime' | 'period' | 'seller'>,
  records:
    | { flow: 'TRANSACTIONS'; current: ReportableDocument[]; late: ReportableDocument[] }
    | { flow: 'PAYMENTS'; current: ReportablePayment[]; late: ReportablePayment[] },
): EReportFile {
  const isCorrection = (r: { day: string; corrects?: string | null }, late: boolean) =>
    late || Boolean(r.corrects && r.day >= head.period.start);
  if (records.flow === 'TRANSACTIONS') {
    const corrections = [...records.late, ...records.current.filter((d) => d.kind === 'credit_note' && d.corrects)];
    const plain = records.current.filter((d) => !corrections.includes(d));
    return {
      ...head,
      totals: transactionLines(plain),
      corrections: transactionLines(corrections),
      records: [...records.current, ...records.late].map((d) => ({
        kind: d.kind,
        id: d.id,
        number: d.number,
        day: d.day,
        correction: corrections.includes(d) && isCorrection(d, records.late.includes(d)),
        corrects: d.corrects ?? null,
      })),
    };
  }
  return {
    ...head,
    totals: paymentLines(records.current),
    corrections: paymentLines(records.late),
    records: [
      ...records.current.map((p) => ({ kind: 'payment', id: p.id, day: p.day, correction: false })),
      ...records.late.map((p) => ({ kind: 'payment', id: p.id, day: p.day, correction: true })),
    ],
  };
}
