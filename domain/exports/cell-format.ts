import { type CsvDialectRules } from './csv-dialect';

/**
 * First characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"):
 * `=`, `+`, `-`, `@`, tab and carriage return. The SQL projection of the csv path tests the same
 * set (activities/exports/csv-projection.ts).
 */
export const FORMULA_TRIGGERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

/**
 * A text cell as it is written into csv and excel: a value a spreadsheet would execute gets a
 * leading single quote, which every spreadsheet shows as text. Amounts never go through this:
 * a negative amount is a number, not a formula.
 */
export function neutraliseFormula(text: string): string {
  return text.length > 0 && FORMULA_TRIGGERS.includes(text[0]) ? `'${text}` : text;
}

/**
 * An amount as plain digits with two decimals and the dialect's decimal separator
 * (`120.00`, `120,00`, `-5,50`): no thousands separator, no currency, so spreadsheets read a number.
 */
export function formatAmount(amount: string | number, rules: Pick<CsvDialectRules, 'decimalSeparator'>): string {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount;
  return rules.decimalSeparator === '.' ? text : text.replace('.', rules.decimalSeparator);
}
