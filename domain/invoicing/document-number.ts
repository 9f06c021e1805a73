/**
 * The number printed on a quote or invoice today (spec: "the year, a hyphen, then the first 8
 * characters of the id"; not sequential). The year is the document's creation year in the
 * studio's time zone, so an invoice made on 31 December evening in Paris is of that year.
 */
export function documentNumber(id: string, createdAt: Date, timeZone: string): string {
  const year = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(createdAt);
  return `${year}-${id.slice(0, 8)}`;
}

/**
 * The number a document shows: an issued invoice's legal number (issue 20), else the reference
 * above (drafts and quotes), which is no legal number.
 */
export function displayNumber(
  document: { id: string; created_at: Date; number?: string | null },
  timeZone: string,
): string {
  return document.number ?? documentNumber(document.id, document.created_at, timeZone);
}
