import { renderVariables } from '../emails/render-variables';
import { QUOTE_VARIABLES } from '../invoicing/document-variables';

/** The `{{ }}` variables a quote's contract may use (issue 31 §2): the quote's, the client's, the studio's, the session's. */
export const CONTRACT_VARIABLES = [
  ...QUOTE_VARIABLES,
  'client.name',
  'client.first_name',
  'client.last_name',
  'studio.name',
  'session.title',
  'session.date',
] as const;

const PLACEHOLDER = /\{\{\s*([a-zA-Z0-9_.]+)\s*\}\}/g;

/** The variables a contract names that the service does not know (each once, in order): a 400 on save. */
export function unknownContractVariables(contract: string): string[] {
  const known = new Set<string>(CONTRACT_VARIABLES);
  const unknown = [...contract.matchAll(PLACEHOLDER)].map((m) => m[1]).filter((name) => !known.has(name));
  return [...new Set(unknown)];
}

/**
 * The contract as the client reads and signs it: its variables filled (a value is text, never
 * markup), cut into paragraphs at blank lines, each paragraph's lines kept. Empty paragraphs go.
 */
export function renderContract(contract: string, variables: Record<string, string>): string[] {
  return renderVariables(contract.replace(/\r\n?/g, '\n'), variables, 'text')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/[ \t]+$/gm, '').trim())
    .filter((paragraph) => paragraph.length > 0);
}
