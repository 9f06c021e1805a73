/**
 * A payment split over its invoice's VAT rates (issue 32 §4: payments are reported per rate), in
 * proportion to each rate's total with tax, the cents left by rounding given to the largest
 * shares first: the parts always add up to the payment exactly.
 */
export function paymentParts(
  amountCents: bigint,
  rates: { rateBasisPoints: number; totalCents: bigint }[],
): { rateBasisPoints: number; amountCents: bigint }[] {
  const positive = rates.filter((r) => r.totalCents > 0n);
  const whole = positive.reduce((n, r) => n + r.totalCents, 0n);
  if (positive.length === 0 || whole === 0n) return [{ rateBasisPoints: 0, amountCents }];
  const sign = amountCents < 0n ? -1n : 1n;
  const amount = amountCents * sign;
  const shares = positive.map((r) => ({
    rateBasisPoints: r.rateBasisPoints,
    floor: (amount * r.totalCents) / whole,
    remainder: (amount * r.totalCents) % whole,
  }));
  let left = amount - shares.reduce((n, s) => n + s.floor, 0n);
  const order = [...shares].sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : 0));
  for (const share of order) {
    if (left === 0n) break;
    share.floor += 1n;
    left -= 1n;
  }
  return shares.map((s) => ({ rateBasisPoints: s.rateBasisPoints, amountCents: s.floor * sign }));
}
