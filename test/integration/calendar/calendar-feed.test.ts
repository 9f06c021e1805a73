// Issue 45 §3 through the real stack: the studio's calendar feed holds every session, a
// photographer's their assigned ones only; the client's name appears only once the studio allows
// it; rotating an address makes the old one 404 at once; a photographer cannot rotate the studio's
// feed, and another studio's member sees nothing of it. Each feed is parsed by Python's icalendar,
// another library than the one that writes it, and compared with the sessions.
import request from 'supertest';
import { buildContact } from '../../factories/contacts';
import { buildSession, type SessionBody } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { parseIcsWithPython } from '../../helpers/python-icalendar';
import { memberOf } from '../../helpers/team-members';
import { startTestApp, type TestApp } from '../../helpers/test-app';

let t: TestApp;
let owner: TestUser;
let photographer: TestUser;
let assistant: TestUser;
let stranger: TestUser;
let wedding: SessionBody;
let portrait: SessionBody;

const day = 86_400_000;
const at = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * day);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

beforeAll(async () => {
  t = await startTestApp();
  owner = await buildUser(t.app, { name: 'Studio Calendrier' });
  photographer = await memberOf(t.app, t.sequelize, owner, 'photographer');
  assistant = await memberOf(t.app, t.sequelize, owner, 'assistant');
  stranger = await buildUser(t.app, { name: 'Studio Voisin' });
  const type = await request(t.app)
    .post('/api/session-types')
    .set(as(owner))
    .send({ name: 'Mariage', duration_minutes: 240 })
    .expect(201);
  const ines = await buildContact(t.app, owner, { first_name: 'Inès', last_name: 'Martin', email: 'ines@client.test' });
  wedding = await buildSession(t.app, owner, {
    title: 'Mariage, mairie; puis salle',
    contact_id: ines.id,
    user_session_type_id: type.body.id,
    status: 'VALIDATED',
    start_date: at(10, 13),
    end_date: at(10, 19),
    location: 'Mairie du 11e, Paris',
  });
  // No end: it lasts an hour (no type duration).
  portrait = await buildSession(t.app, owner, { title: 'Portrait Hugo', start_date: at(-20, 9) });
  // Left out: cancelled, older than 90 days, undated.
  await buildSession(t.app, owner, { title: 'Annulée', status: 'CANCELLED', start_date: at(5, 10) });
  await buildSession(t.app, owner, { title: 'Ancienne', start_date: at(-120, 10), end_date: at(-120, 12) });
  await buildSession(t.app, owner, { title: 'Sans date' });
  await request(t.app)
    .put(`/api/sessions/${wedding.id}/assignments`)
    .set(as(owner))
    .send({ assignments: [{ user_id: photographer.id, role: 'lead' }] })
    .expect(200);
}, 120_000);
afterAll(() => t.close());

const rotate = (user: TestUser, whose: 'studio' | 'me') =>
  request(t.app).post(`/api/calendar-feeds/${whose}/rotate`).set(as(user)).send({});

/** The feed at `url`, read as a calendar app does (no sign-in). */
async function read(url: string) {
  const res = await request(t.app).get(new URL(url).pathname);
  return res;
}

async function feedOf(url: string) {
  const res = await read(url);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
  expect(res.headers.etag).toEqual(expect.any(String));
  return { text: res.text, parsed: parseIcsWithPython(res.text) };
}

describe('calendar feeds (issue 45 §3)', () => {
  let studioUrl: string;
  let mineUrl: string;

  it("gives the studio's feed every session that is not cancelled, parsed by Python's icalendar", async () => {
    const made = await rotate(assistant, 'studio');
    expect(made.status).toBe(201);
    studioUrl = made.body.url;
    expect(studioUrl).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

    const { text, parsed } = await feedOf(studioUrl);
    expect(parsed.version).toBe('2.0');
    expect(parsed.name).toBe('Studio Calendrier');
    const host = new URL(t.config.APP_BASE_URL).hostname;
    expect(parsed.events).toEqual([
      {
        uid: `session-${portrait.id}@${host}`,
        summary: 'Portrait Hugo',
        location: null,
        description: 'Status: pending',
        start: at(-20, 9),
        end: new Date(Date.parse(at(-20, 9)) + 3_600_000).toISOString(),
        status: 'TENTATIVE',
      },
      {
        uid: `session-${wedding.id}@${host}`,
        summary: 'Mariage, mairie; puis salle (Mariage)',
        location: 'Mairie du 11e, Paris',
        description: 'Type: Mariage\nStatus: validated',
        start: at(10, 13),
        end: at(10, 19),
        status: 'CONFIRMED',
      },
    ]);
    // On the studio's clock, with the zone's definition, and the same instants once parsed (above).
    expect(text).toMatch(/\r\nDTSTART;TZID=Europe\/Paris:\d{8}T\d{6}\r\n/);
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Paris\r\n');
    // The client's name and address stay out by default.
    expect(text).not.toMatch(/Inès|Martin|ines@client/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it("gives a photographer's own feed their assigned sessions only", async () => {
    const made = await rotate(photographer, 'me');
    expect(made.status).toBe(201);
    mineUrl = made.body.url;
    const { parsed } = await feedOf(mineUrl);
    expect(parsed.events.map((e) => e.summary)).toEqual(['Mariage, mairie; puis salle (Mariage)']);
    expect(parsed.name).toBe('Studio Calendrier · Member (photographer)');
  });

  it("names the client once the studio's setting allows it", async () => {
    const refused = await request(t.app)
      .patch('/api/users/me/preferences')
      .set(as(photographer))
      .send({ calendar_feed_client_names: true });
    expect(refused.status).toBe(403);
    const set = await request(t.app)
      .patch('/api/users/me/preferences')
      .set(as(owner))
      .send({ calendar_feed_client_names: true })
      .expect(200);
    expect(set.body.calendar_feed_client_names).toBe(true);
    for (const url of [studioUrl, mineUrl]) {
      const { text, parsed } = await feedOf(url);
      expect(parsed.events.find((e) => e.uid.startsWith(`session-${wedding.id}@`))?.summary).toBe(
        'Mariage, mairie; puis salle (Mariage) · Inès Martin',
      );
      expect(text).not.toContain('ines@client.test');
    }
    const listed = await request(t.app).get('/api/calendar-feeds').set(as(assistant)).expect(200);
    expect(listed.body.client_names).toBe(true);
    await request(t.app)
      .patch('/api/users/me/preferences')
      .set(as(owner))
      .send({ calendar_feed_client_names: false })
      .expect(200);
  });

  it('answers 404 in plain text at once for a rotated address, and the new one works', async () => {
    const again = await rotate(owner, 'studio');
    expect(again.status).toBe(201);
    expect(again.body.url).not.toBe(studioUrl);
    const old = await read(studioUrl);
    expect(old.status).toBe(404);
    expect(old.headers['content-type']).toMatch(/^text\/plain/);
    expect((await feedOf(again.body.url)).parsed.events).toHaveLength(2);
    // An app that sends the ETag back reads nothing new.
    const path = new URL(again.body.url).pathname;
    const { etag } = (await request(t.app).get(path)).headers;
    expect((await request(t.app).get(path).set('If-None-Match', etag)).status).toBe(304);
    expect((await request(t.app).get('/calendar/not-a-feed.ics')).status).toBe(404);
  });

  it("says which feeds exist and when they were read, never their addresses; a photographer cannot rotate the studio's", async () => {
    const refused = await rotate(photographer, 'studio');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');

    const mine = await request(t.app).get('/api/calendar-feeds').set(as(photographer)).expect(200);
    expect(mine.body.studio).toBeNull();
    expect(mine.body.mine.feed.last_read_at).toEqual(expect.any(String));
    expect(JSON.stringify(mine.body)).not.toContain('/calendar/');

    const studio = await request(t.app).get('/api/calendar-feeds').set(as(owner)).expect(200);
    expect(studio.body.studio.feed.created_at).toEqual(expect.any(String));
    expect(studio.body.mine).toEqual({ feed: null });
  });

  it("gives another studio's member nothing of it", async () => {
    const theirs = await request(t.app).get('/api/calendar-feeds').set(as(stranger)).expect(200);
    expect(theirs.body).toEqual({ studio: { feed: null }, mine: { feed: null }, client_names: false });
    const made = await rotate(stranger, 'studio');
    const { parsed } = await feedOf(made.body.url);
    expect(parsed.name).toBe('Studio Voisin');
    expect(parsed.events).toEqual([]);
  });

  it("stops a member's feed when they leave the studio", async () => {
    await request(t.app).delete(`/api/team/members/${photographer.id}`).set(as(owner)).expect(204);
    expect((await read(mineUrl)).status).toBe(404);
  });
});
