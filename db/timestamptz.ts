/**
 * A faster reader for PostgreSQL `timestamptz` text. `pg` turns every timestamp of every row into
 * a Date through `postgres-date`, whose regular expressions cost about 1.3 µs per value: a
 * 50-row page with two timestamps spent more time there than in the rest of the row parsing
 * (docs/performance.md). This reads the one shape PostgreSQL prints with its default DateStyle
 * (ISO), `2026-11-22 04:45:00.123456+00` (the offset may be `+05:30` or `-03:30:15`), digit by
 * digit; anything else (BC dates, years before 1000 or after 9999, infinity, another DateStyle)
 * goes to the fallback, pg's own parser. Both give the same Date (milliseconds truncated).
 */
export function createTimestamptzParser(fallback: (text: string) => unknown): (text: string) => unknown {
  return (text) => parseIsoTimestamptz(text) ?? fallback(text);
}

const ZERO = 48;

function digit(text: string, at: number): number {
  const value = text.charCodeAt(at) - ZERO;
  return value >= 0 && value <= 9 ? value : NaN;
}

function twoDigits(text: string, at: number): number {
  return digit(text, at) * 10 + digit(text, at + 1);
}

/** The Date for the common shape, or undefined when `text` has any other. */
export function parseIsoTimestamptz(text: string): Date | undefined {
  if (
    text.length < 22 ||
    text[4] !== '-' ||
    text[7] !== '-' ||
    text[10] !== ' ' ||
    text[13] !== ':' ||
    text[16] !== ':'
  )
    return undefined;
  const year = twoDigits(text, 0) * 100 + twoDigits(text, 2);
  // Date.UTC reads years 0 to 99 as 1900 to 1999; such dates take the slow path.
  if (!(year >= 1000)) return undefined;
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = twoDigits(text, 17);
  let at = 19;
  let ms = 0;
  if (text[at] === '.') {
    at++;
    let digits = 0;
    while (at < text.length && !Number.isNaN(digit(text, at))) {
      if (digits < 3) ms = ms * 10 + digit(text, at);
      digits++;
      at++;
    }
    if (digits === 0) return undefined;
    for (; digits < 3; digits++) ms *= 10;
  }
  const sign = text[at] === '+' ? 1 : text[at] === '-' ? -1 : 0;
  if (sign === 0) return undefined;
  let offsetSeconds = twoDigits(text, at + 1) * 3600;
  at += 3;
  if (text[at] === ':') {
    offsetSeconds += twoDigits(text, at + 1) * 60;
    at += 3;
    if (text[at] === ':') {
      offsetSeconds += twoDigits(text, at + 1);
      at += 3;
    }
  }
  if (at !== text.length) return undefined;
  const time = Date.UTC(year, month - 1, day, hour, minute, second, ms) - sign * offsetSeconds * 1000;
  return Number.isNaN(time) ? undefined : new Date(time);
}
