/**
 * The number printed on a quote or invoice today (spec: "the year, a hyphen, then the first 8
 * characters of the id"; not sequential). The year is the document's creation year in the
 * studio's time zone, so an invoice made on 31 December evening in Paris is of that year.
 */
export function documentNumber(id: string, createdAt: Date, timeZone: string): string {
  const year = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(createdAt);
  return `${year}-${id.slice(0, 8)}`;
}
