/** `{{ name }}` placeholders of email templates; unknown names render as empty text. */
const PLACEHOLDER = /\{\{\s*([a-zA-Z0-9_.]+)\s*\}\}/g;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Fills the placeholders; `html` escapes the values, so a contact's name cannot inject markup. */
export function renderVariables(template: string, variables: Record<string, string>, mode: 'html' | 'text'): string {
  return template.replace(PLACEHOLDER, (_m, name: string) => {
    const value = variables[name] ?? '';
    return mode === 'html' ? escapeHtml(value) : value;
  });
}
