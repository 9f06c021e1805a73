// A session's contacts beside its main one, through HTTP against the real stack: both partners
// of a wedding, roles, order, ownership (404) and conflicts (409).
import crypto from 'node:crypto';
import request from 'supertest';
import { buildContact } from '../../factories/contacts';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('/api/sessions/:id/contacts', () => {
  it('attaches the other partner and a parent in order, with their roles, and detaches one; the main contact stays', async () => {
    const owner = await buildUser(t.app);
    const camille = await buildContact(t.app, owner, { first_name: 'Camille', last_name: 'Martin' });
    const leo = await buildContact(t.app, owner, { first_name: 'Léo', last_name: 'Martin' });
    const mother = await buildContact(t.app, owner, { first_name: 'Hélène', last_name: 'Durand', email: null });
    const session = await buildSession(t.app, owner, { title: 'Mariage Camille & Léo', contact_id: camille.id });

    const empty = await request(t.app).get(`/api/sessions/${session.id}/contacts`).set(as(owner)).expect(200);
    expect(empty.body).toEqual({ main_contact_id: camille.id, items: [] });
    const added = await request(t.app)
      .post(`/api/sessions/${session.id}/contacts`)
      .set(as(owner))
      .send({ contact_id: leo.id, role: 'groom' });
    expect(added.status).toBe(201);
    await request(t.app)
      .post(`/api/sessions/${session.id}/contacts`)
      .set(as(owner))
      .send({ contact_id: mother.id, role: ' parent ' })
      .expect(201);
    const listed = await request(t.app).get(`/api/sessions/${session.id}/contacts`).set(as(owner)).expect(200);
    expect(
      listed.body.items.map((c: { contact_id: string; role: string; first_name: string }) => [c.first_name, c.role]),
    ).toEqual([
      ['Léo', 'groom'],
      ['Hélène', 'parent'],
    ]);

    await request(t.app).delete(`/api/sessions/${session.id}/contacts/${leo.id}`).set(as(owner)).expect(204);
    expect(
      (await request(t.app).get(`/api/sessions/${session.id}/contacts`).set(as(owner))).body.items.map(
        (c: { contact_id: string }) => c.contact_id,
      ),
    ).toEqual([mother.id]);
    // The contact itself is still there, and so is the main contact.
    await request(t.app).get(`/api/contacts/${leo.id}`).set(as(owner)).expect(200);
    expect((await request(t.app).get(`/api/sessions/${session.id}`).set(as(owner))).body.contact_id).toBe(camille.id);
    const [audit] = (await t.sequelize.query(
      "SELECT metadata FROM audit_logs WHERE entity_id = $1 AND metadata ? 'contact_removed'",
      { bind: [session.id] },
    )) as [unknown[], unknown];
    expect(audit).toHaveLength(1);
  });

  it("answers 409 for the main contact or a contact attached twice, 404 for what is not the studio's, 400 for bad input", async () => {
    const owner = await buildUser(t.app);
    const other = await buildUser(t.app);
    const main = await buildContact(t.app, owner);
    const guest = await buildContact(t.app, owner);
    const theirs = await buildContact(t.app, other);
    const session = await buildSession(t.app, owner, { title: 'Portrait de famille', contact_id: main.id });
    const theirSession = await buildSession(t.app, other, { title: 'Leur séance' });
    const add = (user: TestUser, sessionId: string, body: Record<string, unknown>) =>
      request(t.app).post(`/api/sessions/${sessionId}/contacts`).set(as(user)).send(body);

    expect((await add(owner, session.id, { contact_id: main.id })).body.code).toBe('session_contact_exists');
    await add(owner, session.id, { contact_id: guest.id }).expect(201);
    const twice = await add(owner, session.id, { contact_id: guest.id, role: 'parent' });
    expect([twice.status, twice.body.code]).toEqual([409, 'session_contact_exists']);
    expect((await add(owner, session.id, { contact_id: theirs.id })).status).toBe(404);
    expect((await add(owner, theirSession.id, { contact_id: guest.id })).status).toBe(404);
    expect((await add(owner, crypto.randomUUID(), { contact_id: guest.id })).status).toBe(404);
    expect((await request(t.app).get(`/api/sessions/${theirSession.id}/contacts`).set(as(owner))).status).toBe(404);
    expect(
      (await request(t.app).delete(`/api/sessions/${theirSession.id}/contacts/${guest.id}`).set(as(owner))).status,
    ).toBe(404);
    expect(
      (await request(t.app).delete(`/api/sessions/${session.id}/contacts/${theirs.id}`).set(as(owner))).status,
    ).toBe(404);
    expect((await add(owner, session.id, { contact_id: 'not-a-uuid' })).status).toBe(400);
    expect((await add(owner, session.id, { contact_id: guest.id, role: 'x'.repeat(51) })).status).toBe(400);
    expect((await add(owner, session.id, { contact_id: guest.id, extra: true })).status).toBe(400);
    // The other studio still sees nothing of it.
    expect((await request(t.app).get(`/api/sessions/${session.id}/contacts`).set(as(other))).status).toBe(404);
  });
});
