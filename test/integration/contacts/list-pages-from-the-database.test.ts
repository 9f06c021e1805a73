// The contact and session lists are written by PostgreSQL (db/queries/owned.ts#listOwnedJson,
// issue 43), while one contact or session is still read through its model and presented in
// JavaScript (api/contacts/presenter.ts, api/sessions/presenter.ts). Every item of a page must be
// what reading it alone answers, byte for byte the JSON that JSON.stringify would write: generated
// names with quotes, backslashes, control characters, emoji and combining marks; countries named
// in the studio's language, a legacy country text as it is; erased contacts left out; filters.
import fc from 'fast-check';
import request from 'supertest';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { startTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 240_000);
afterAll(async () => {
  await t?.close();
});

/** Text a studio pastes: any characters a form lets through (no NUL), and the ones JSON must escape. */
const messyText = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  fc.constantFrom(
    'Zoë "Zozo" O\'Brien',
    'back\\slash',
    'tab\there',
    'line\nbreak',
    '\u0001\u001f\u007f',
    '👩‍👩‍👧 Café',
    'e\u0301',
    '\u2028\u2029',
  ),
);
const blankable = (text: fc.Arbitrary<string>) => fc.option(text, { nil: null });

/** A page's text, checked to be the JSON the api would have written, and parsed. */
async function page(
  user: TestUser,
  path: string,
): Promise<{ items: ({ id: string } & Record<string, unknown>)[]; total: number }> {
  const res = await request(t.app).get(path).set(as(user));
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(res.text).toBe(JSON.stringify(res.body));
  return res.body;
}

async function readAlone(user: TestUser, path: string): Promise<unknown> {
  const res = await request(t.app).get(path).set(as(user));
  expect(res.status).toBe(200);
  return res.body;
}

it('lists every contact exactly as reading it alone answers, in the studio language, without the erased ones', async () => {
  const contacts = fc.sample(
    fc.record({
      first_name: messyText,
      last_name: blankable(messyText),
      street: blankable(messyText),
      city: blankable(messyText),
      notes: blankable(messyText),
      company_name: blankable(messyText),
      country: fc.constantFrom('FR', 'GB', 'CA', 'CI', 'AX', null),
      reverse_charge: fc.boolean(),
      locale: fc.constantFrom('fr-FR', 'en-GB', null),
    }),
    { numRuns: 24, seed: 43 },
  );
  for (const locale of ['fr-FR', 'en-GB'] as const) {
    const studio = await buildUser(t.app, { locale });
    const ids: string[] = [];
    for (const body of contacts) {
      const res = await request(t.app).post('/api/contacts').set(as(studio)).send(body);
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    // A contact saved before countries were codes keeps its text; an erased one leaves the list.
    await t.sequelize.query(`UPDATE contacts SET country = 'Bretagne' WHERE id = $1`, { bind: [ids[0]] });
    expect((await request(t.app).post(`/api/contacts/${ids[1]}/erase`).set(as(studio))).status).toBeLessThan(300);

    const first = await page(studio, '/api/contacts?limit=10');
    const second = await page(studio, '/api/contacts?limit=10&page=2');
    const all = await page(studio, '/api/contacts?limit=100');
    expect(all.total).toBe(contacts.length - 1);
    expect([...first.items, ...second.items]).toEqual(all.items.slice(0, 20));
    expect(all.items.map((c) => c.id)).not.toContain(ids[1]);
    for (const item of all.items) expect(item).toEqual(await readAlone(studio, `/api/contacts/${item.id}`));
    const names = all.items.map((c) => c.country_name);
    expect(names).toContain('Bretagne');
    expect(names).toContain(locale === 'fr-FR' ? 'Royaume-Uni' : 'United Kingdom');

    // A search with LIKE's own characters in it finds what it says.
    const searched = await page(studio, `/api/contacts?limit=100&q=${encodeURIComponent('%_')}`);
    expect(searched.items.every((c) => JSON.stringify(c).includes('%_'))).toBe(true);
  }
}, 120_000);

it('lists every session exactly as reading it alone answers, with its filters', async () => {
  const studio = await buildUser(t.app);
  const titles = fc.sample(messyText, { numRuns: 12, seed: 4343 });
  for (const [n, title] of titles.entries()) {
    // Instants with milliseconds, some without an end.
    const start = new Date(Date.UTC(2031, 0, 1 + n, 9, 30, 15, 123 + n));
    await buildSession(t.app, studio, {
      title,
      start_date: start.toISOString(),
      ...(n % 3 ? { end_date: new Date(start.getTime() + 5_400_000).toISOString() } : {}),
    });
  }
  const all = await page(studio, '/api/sessions?limit=100');
  expect(all.total).toBe(titles.length);
  for (const item of all.items) expect(item).toEqual(await readAlone(studio, `/api/sessions/${item.id}`));
  const from = await page(studio, '/api/sessions?limit=100&from=2031-01-06T00:00:00.000Z');
  expect(from.items).toEqual(all.items.filter((s) => String(s.start_date) >= '2031-01-06T00:00:00.000Z'));
}, 120_000);
