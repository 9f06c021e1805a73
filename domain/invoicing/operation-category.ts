import { type OperationCategory } from './billing-framework';

/**
 * The category of operation of France's e-invoicing reform (issue 32 §5): what an invoice sells,
 * stated on it and in its billing framework code (BT-23, billing-framework.ts). Each quote and
 * invoice line says what it sells (`category`): a session, a retouching, a licence are services
 * (the default, what every line was before); prints and albums are goods. Pure.
 */

/** What a line may sell, as the API takes it and the lines keep it. */
export const LINE_CATEGORIES = ['SERVICES', 'GOODS'] as const satisfies readonly OperationCategory[];

/** An invoice's category of operation: services, goods, or both (mixed). */
export type InvoiceOperation = OperationCategory | 'MIXED';

/** A line as this rule reads it: its type and the category it keeps (absent or null on lines read before it existed). */
export interface CategorizedLine {
  item_type: string;
  category?: string | null;
}

/**
 * What a line sells, or null when it sells nothing of its own: only a priced line (SESSION_TYPE)
 * sells; a text, an empty line, a discount (a share off the others) or a deducted deposit (an
 * amount already invoiced) do not.
 */
export function lineSells(line: CategorizedLine): OperationCategory | null {
  if (line.item_type !== 'SESSION_TYPE') return null;
  return line.category === 'GOODS' ? 'GOODS' : 'SERVICES';
}

/** The categories an invoice's lines sell (an empty set for an invoice with no priced line). */
export function lineCategories(lines: readonly CategorizedLine[]): Set<OperationCategory> {
  const categories = new Set<OperationCategory>();
  for (const line of lines) {
    const sells = lineSells(line);
    if (sells) categories.add(sells);
  }
  return categories;
}

/**
 * The category of operation an invoice states: all its priced lines services → SERVICES, all goods
 * → GOODS, both → MIXED. An invoice with no priced line (a deposit invoice billing an amount, a
 * final invoice deducting deposits only) is read as services, as billingFrameworkCode reads it.
 */
export function operationOf(categories: ReadonlySet<OperationCategory>): InvoiceOperation {
  const goods = categories.has('GOODS');
  const services = categories.has('SERVICES');
  return goods && services ? 'MIXED' : goods ? 'GOODS' : 'SERVICES';
}

/** The category of operation of an invoice's lines (lineCategories, then operationOf). */
export const invoiceOperation = (lines: readonly CategorizedLine[]): InvoiceOperation =>
  operationOf(lineCategories(lines));

/** The categories an operation stands for, as billingFrameworkCode takes them. */
export const categoriesOf = (operation: InvoiceOperation): Set<OperationCategory> =>
  new Set<OperationCategory>(operation === 'MIXED' ? ['SERVICES', 'GOODS'] : [operation]);
