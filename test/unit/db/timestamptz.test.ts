import pg from 'pg';
import { createTimestamptzParser, parseIsoTimestamptz } from '../../../db/timestamptz';

// pg's own parser (postgres-date): this test file never loads db/sequelize.ts, which replaces it.
const pgParse = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => unknown;
const parse = createTimestamptzParser(pgParse);

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A small deterministic generator, so a failure names an input that can be replayed. */
function* timestamps(count: number): Generator<string> {
  let seed = 20261122;
  const next = (below: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % below;
  };
  const offsets = ['+00', '+01', '-05', '+05:30', '-03:30', '+14', '-12', '+00:09:21', '-00:01:15'];
  for (let i = 0; i < count; i++) {
    const fraction = next(7); // 0 to 6 digits, as PostgreSQL prints them (trailing zeros dropped)
    const frac = fraction === 0 ? '' : `.${String(next(10 ** fraction)).padStart(fraction, '0')}`;
    yield `${pad(1000 + next(9000), 4)}-${pad(1 + next(12))}-${pad(1 + next(28))} ${pad(next(24))}:${pad(next(60))}:${pad(next(60))}${frac}${offsets[next(offsets.length)]}`;
  }
}

describe('timestamptz reader', () => {
  it('gives the same instant as pg’s parser for the shape PostgreSQL prints', () => {
    for (const text of timestamps(5000)) {
      const fast = parseIsoTimestamptz(text);
      expect({ text, time: fast?.getTime() }).toEqual({ text, time: (pgParse(text) as Date).getTime() });
    }
  });

  it('reads microseconds, offsets with minutes and seconds, and keeps milliseconds truncated', () => {
    expect(parse('2026-11-22 04:45:00.123456+00')).toEqual(new Date('2026-11-22T04:45:00.123Z'));
    expect(parse('2026-11-22 10:15:00.5+05:30')).toEqual(new Date('2026-11-22T04:45:00.500Z'));
    expect(parse('2026-11-21 23:44:44.999999-05:00:16')).toEqual(new Date('2026-11-22T04:45:00.999Z'));
  });

  it('leaves every other shape to pg’s parser', () => {
    for (const text of [
      'infinity',
      '-infinity',
      '0099-01-01 00:00:00+00',
      '0044-03-15 12:00:00+00 BC',
      '12345-01-01 00:00:00+00',
      '2026-11-22T04:45:00Z',
      '2026-11-22 04:45:00',
    ]) {
      expect(parseIsoTimestamptz(text)).toBeUndefined();
      expect(parse(text)).toEqual(pgParse(text));
    }
  });
});
