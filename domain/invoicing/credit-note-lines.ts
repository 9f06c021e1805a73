import { centsToDecimal, roundDiv, toHundredths } from './money';

/**
 * The lines of a credit note that credits some lines of its invoice (issue 20 §4, `items`): each
 * requested line is credited whole, or for part of its quantity, at the price the invoice charged
 * for it (its total with tax, pro rata). Pure; the creditable cap is the ledger's check.
 */
export interface InvoiceLineForCredit {
  id: string;
  item_type: string;
  description: string | null;
  quantity: string;
  vat_percentage: string;
  /** The line's total with tax, as stored ("59.97"). */
  total: string;
}

export interface CreditRequestLine {
  invoice_item_id: string;
  /** Part of the line's quantity; the whole line when absent. */
  quantity?: number;
}

export interface CreditedLine {
  invoice_item_id: string;
  description: string | null;
  quantity: string;
  vat_percentage: string;
  total: string;
}

export type CreditLinesResult =
  | { ok: true; lines: CreditedLine[]; amountCents: bigint }
  | { ok: false; problems: { path: string; message: string }[] };

export function creditedLines(
  invoiceLines: readonly InvoiceLineForCredit[],
  requested: readonly CreditRequestLine[],
): CreditLinesResult {
  const problems: { path: string; message: string }[] = [];
  const lines: CreditedLine[] = [];
  const seen = new Set<string>();
  requested.forEach((want, index) => {
    const path = `items.${index}`;
    const line = invoiceLines.find((l) => l.id === want.invoice_item_id);
    if (!line) return problems.push({ path: `${path}.invoice_item_id`, message: 'Not a line of this invoice' });
    if (seen.has(line.id))
      return problems.push({ path: `${path}.invoice_item_id`, message: 'This line is named twice' });
    seen.add(line.id);
    const lineTotal = toHundredths(line.total);
    if (line.item_type === 'DISCOUNT' || lineTotal <= 0n)
      return problems.push({ path, message: 'A discount or free line cannot be credited: credit an amount instead' });
    const lineQty = toHundredths(line.quantity);
    const qty = want.quantity === undefined ? lineQty : toHundredths(want.quantity);
    if (qty <= 0n || qty > lineQty)
      return problems.push({
        path: `${path}.quantity`,
        message: `The quantity credited is more than 0 and at most the line's ${line.quantity}`,
      });
    const total = qty === lineQty ? lineTotal : roundDiv(lineTotal * qty, lineQty);
    if (total <= 0n)
      return problems.push({ path: `${path}.quantity`, message: 'This quantity credits less than 0.01' });
    lines.push({
      invoice_item_id: line.id,
      description: line.description,
      quantity: centsToDecimal(qty),
      vat_percentage: line.vat_percentage,
      total: centsToDecimal(total),
    });
  });
  if (requested.length === 0) problems.push({ path: 'items', message: 'Name at least one line to credit' });
  if (problems.length) return { ok: false, problems };
  return { ok: true, lines, amountCents: lines.reduce((sum, l) => sum + toHundredths(l.total), 0n) };
}
