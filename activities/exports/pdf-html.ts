import { type ExportColumn } from '../../domain/exports/columns';

/** Tables wider than this many columns are printed on landscape pages. */
export const LANDSCAPE_FROM_COLUMNS = 6;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or attribute value: nothing a user typed can become markup or script. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** The heading printed above the table of the first chunk. */
export interface PdfHeading {
  title: string;
  companyName: string | null;
  generatedAt: string;
  rowCount: number;
}

const STYLE = `
  body { font-family: 'DejaVu Sans', sans-serif; font-size: 8pt; color: #111; margin: 0; }
  h1 { font-size: 15pt; margin: 0 0 2pt; }
  .meta { margin: 0 0 8pt; color: #444; }
  table { width: 100%; border-collapse: collapse; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; }
  th { background: #d9e1f2; text-align: left; font-weight: bold; }
  th, td { border: 0.5pt solid #9aa5b8; padding: 2pt 3pt; vertical-align: top; overflow-wrap: anywhere; }
  td.money { text-align: right; white-space: nowrap; }
  td.date, td.timestamp { white-space: nowrap; }
`;

/**
 * One chunk of a pdf export as an HTML page: the table (its header row repeated on every page by
 * `thead`), preceded on the first chunk by the title, the company name and the generation date.
 * Every value is escaped. Rows are cells already formatted as text (row-batches `text` mode).
 */
export function pdfChunkHtml(params: {
  columns: readonly ExportColumn[];
  rows: readonly unknown[][];
  heading?: PdfHeading;
}): string {
  const { columns, rows, heading } = params;
  const head = columns.map((c) => `<th>${escapeHtml(c.pdfHeader)}</th>`).join('');
  const body: string[] = [];
  for (const row of rows) {
    let cells = '';
    for (let i = 0; i < columns.length; i++) {
      const value = row[i];
      cells += `<td class="${columns[i].type}">${value === null || value === undefined ? '' : escapeHtml(String(value))}</td>`;
    }
    body.push(`<tr>${cells}</tr>`);
  }
  const top = heading
    ? `<h1>${escapeHtml(heading.title)}</h1><p class="meta">${[
        heading.companyName,
        `Generated ${heading.generatedAt}`,
        `${heading.rowCount} rows`,
      ]
        .filter((part): part is string => Boolean(part))
        .map(escapeHtml)
        .join(' · ')}</p>`
    : '';
  return `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body>${top}<table><thead><tr>${head}</tr></thead><tbody>${body.join('')}</tbody></table></body></html>`;
}
