/**
 * The French billing framework code an e-invoice carries (cadre de facturation, BT-23 in the
 * French e-invoicing specifications; issue 32 §5): its first letter says what is sold, B (goods),
 * S (services) or M (both, neither ancillary to the other); its digit the case: 1 an invoice,
 * 2 an invoice already paid when issued, 4 a final invoice after deposits. A deposit invoice
 * (type code 386) is a 1; a final invoice after deposits is never typed 386 (rule G1.60).
 */
export type OperationCategory = 'SERVICES' | 'GOODS';
export type BillingFrameworkCode = `${'B' | 'S' | 'M'}${1 | 2 | 4}`;

export interface BillingCase {
  /** What the invoice's priced lines sell (a photographer's sessions are services, prints and albums goods). */
  categories: ReadonlySet<OperationCategory>;
  /** It deducts deposit invoices already issued (a final invoice). */
  deductsDeposits: boolean;
  /** It was paid in full when issued (a shop sale paid on the spot). */
  paidAtIssue: boolean;
}

/** The framework code of one invoice; an invoice with no priced line is read as services. */
export function billingFrameworkCode(c: BillingCase): BillingFrameworkCode {
  const goods = c.categories.has('GOODS');
  const services = c.categories.has('SERVICES') || !goods;
  const letter = goods && services ? 'M' : goods ? 'B' : 'S';
  const digit = c.deductsDeposits ? 4 : c.paidAtIssue ? 2 : 1;
  return `${letter}${digit}`;
}

/** The category of operation a French invoice states (issue 32 §5), in French and English. */
export function operationCategoryLabel(code: BillingFrameworkCode, french: boolean): string {
  const letter = code[0];
  if (french)
    return letter === 'B'
      ? 'Livraison de biens'
      : letter === 'S'
        ? 'Prestation de services'
        : 'Opération mixte (biens et services)';
  return letter === 'B'
    ? 'Supply of goods'
    : letter === 'S'
      ? 'Supply of services'
      : 'Mixed supply (goods and services)';
}
