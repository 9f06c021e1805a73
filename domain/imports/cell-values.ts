/**
 * Parsers for cell text as spreadsheets write it. Each returns undefined when the text is not a
 * value of that kind; none throws.
 */

/** `1234.5`, `1 234,50`, `1,234.50`, `12€` → "1234.50"; undefined when not a number or ≥ 10^8 once rounded to cents. */
export function parseAmount(text: string): string | undefined {
  let s = text.replace(/[\s\u00a0\u202f€$£]/g, '');
  if (s.includes(',') && s.includes('.')) {
    // The separator written last is the decimal one: 1.234,50 (fr/de) or 1,234.50 (en).
    s = s.lastIndexOf(',') > s.lastIndexOf('.') ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (s.includes(',')) {
    s = s.replace(',', '.');
  }
  if (!/^-?\d+(\.\d+)?$/.test(s)) return undefined;
  const fixed = Number(s).toFixed(2);
  // decimal(10,2) holds at most 8 digits before the point; checked after rounding, as the
  // database rounds: 99999999.995 is 100000000.00, one digit too many.
  if (!Number.isFinite(Number(fixed)) || Math.abs(Number(fixed)) >= 1e8) return undefined;
  return fixed;
}

function validDate(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return (
    date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900 && y <= 2999
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-03-14`, `14/03/2026` (day first, as French studios write it) → "2026-03-14". */
export function parseDateOnly(text: string): string | undefined {
  const s = text.trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]00:00(?::00(?:\.0+)?)?(?:Z)?)?$/.exec(s);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return validDate(y, mo, d) ? `${y}-${pad(mo)}-${pad(d)}` : undefined;
  }
  m = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(s);
  if (m) {
    const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return validDate(y, mo, d) ? `${y}-${pad(mo)}-${pad(d)}` : undefined;
  }
  return undefined;
}

/**
 * A date and time as written in a file. `offset` is set when the cell names its own offset
 * (`Z`, `+01:00`); otherwise the local time is read in the studio's time zone by the importer.
 */
export interface CellDateTime {
  date: string;
  time: string;
  offset?: string;
}

/** `2026-03-14`, `2026-03-14 10:30`, `2026-03-14T10:30:00+01:00`, `14/03/2026 10:30`. */
export function parseDateTime(text: string): CellDateTime | undefined {
  const s = text.trim();
  const m = /^(.+?)(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (!m) return undefined;
  const date = parseDateOnly(m[1]);
  if (date === undefined) return undefined;
  const [h, mi, se] = [Number(m[2] ?? 0), Number(m[3] ?? 0), Number(m[4] ?? 0)];
  if (h > 23 || mi > 59 || se > 59) return undefined;
  const result: CellDateTime = { date, time: `${pad(h)}:${pad(mi)}:${pad(se)}` };
  if (m[5] !== undefined)
    result.offset = m[5] === 'Z' ? '+00:00' : m[5].length === 5 ? `${m[5].slice(0, 3)}:${m[5].slice(3)}` : m[5];
  return result;
}
