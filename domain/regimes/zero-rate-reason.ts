/**
 * The reason a document gives for its lines sold at 0 % (issue 40 §5), as the jurisdiction modules
 * read it (`JurisdictionDocument.zeroRateReason`; the UK prints it, VAT Notice 700 §16): each
 * zero-rated line's own reason, once each, in order; null when one of them gives none (the UK
 * refuses the issue, zero_rate_reason_missing) or no line is zero-rated. Pure.
 */

/** A priced line as the reason reads it: its rate (or its taxes) and net, and its reason. */
export interface ReasonedLine {
  vatBasisPoints: number;
  /** A line with tax lines (issue 30 §2): its taxes, which stand for vatBasisPoints. */
  taxes?: readonly { milliPercent: number }[] | null;
  netCents: bigint;
  zeroRateReason?: string | null;
}

const zeroRated = (line: ReasonedLine): boolean =>
  line.netCents !== 0n && (line.taxes ? line.taxes.every((t) => t.milliPercent === 0) : line.vatBasisPoints === 0);

export function zeroRateReasonOf(lines: readonly ReasonedLine[]): string | null {
  const zero = lines.filter(zeroRated);
  const reasons = zero.map((l) => l.zeroRateReason?.replace(/\s+/g, ' ').trim() ?? '');
  if (zero.length === 0 || reasons.some((r) => r === '')) return null;
  return [...new Set(reasons)].join('; ');
}
