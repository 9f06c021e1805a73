import request from 'supertest';
import { buildContact } from '../../factories/contacts';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  alice = await buildUser(t.app);
  bob = await buildUser(t.app);
});
afterAll(() => t.close());

describe('contacts', () => {
  it('creates, reads, updates and deletes a contact, trimming input', async () => {
    const created = await request(t.app).post('/api/contacts').set(as(alice)).send({
      first_name: '  François ',
      last_name: 'Dupont',
      email: 'Francois.Dupont@Example.FR',
      city: 'Lyon',
      zipcode: '',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      first_name: 'François',
      last_name: 'Dupont',
      email: 'francois.dupont@example.fr',
      city: 'Lyon',
      zipcode: null,
    });

    const read = await request(t.app).get(`/api/contacts/${created.body.id}`).set(as(alice));
    expect(read.status).toBe(200);
    expect(read.body.first_name).toBe('François');

    const updated = await request(t.app).put(`/api/contacts/${created.body.id}`).set(as(alice)).send({ city: 'Paris' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ city: 'Paris', first_name: 'François' });

    const removed = await request(t.app).delete(`/api/contacts/${created.body.id}`).set(as(alice));
    expect(removed.status).toBe(204);
    expect((await request(t.app).get(`/api/contacts/${created.body.id}`).set(as(alice))).status).toBe(404);
  });

  it("gives user B a 404 on user A's contact, for read, update and delete, and leaves it unchanged", async () => {
    const contact = await buildContact(t.app, alice, { first_name: 'Chloé' });
    for (const req of [
      request(t.app).get(`/api/contacts/${contact.id}`),
      request(t.app).put(`/api/contacts/${contact.id}`).send({ first_name: 'Hacked' }),
      request(t.app).delete(`/api/contacts/${contact.id}`),
    ]) {
      const res = await req.set(as(bob));
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found', message: 'Contact not found' });
    }
    const still = await request(t.app).get(`/api/contacts/${contact.id}`).set(as(alice));
    expect(still.body.first_name).toBe('Chloé');
    const bobsList = await request(t.app).get('/api/contacts').set(as(bob));
    expect(bobsList.body.items.map((c: { id: string }) => c.id)).not.toContain(contact.id);
  });

  it('refuses invalid input with 400 and the zod issues in details', async () => {
    const res = await request(t.app)
      .post('/api/contacts')
      .set(as(alice))
      .set('X-Request-ID', 'req-contacts-invalid-1')
      .send({ last_name: '', email: 'not-an-email', city: 'x'.repeat(101), unknown_field: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'invalid_input',
      requestId: 'req-contacts-invalid-1',
    });
    const paths = (res.body.details as { path: string }[]).map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['email', 'city']));
    expect(res.body.details.some((d: { message: string }) => /unknown_field|Unrecognized/i.test(d.message))).toBe(true);
    expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(/); // no stack trace
  });

  it("keeps the language the contact reads: null follows the studio's, en-US or fr-FR, anything else is a 400", async () => {
    const created = await request(t.app)
      .post('/api/contacts')
      .set(as(alice))
      .send({ first_name: 'Emily', locale: 'en-US' })
      .expect(201);
    expect(created.body.locale).toBe('en-US');
    expect((await request(t.app).get(`/api/contacts/${created.body.id}`).set(as(alice)).expect(200)).body.locale).toBe(
      'en-US',
    );
    expect(
      (
        await request(t.app)
          .patch(`/api/contacts/${created.body.id}`)
          .set(as(alice))
          .send({ locale: 'fr-FR' })
          .expect(200)
      ).body.locale,
    ).toBe('fr-FR');
    // A change of another field leaves it as it is; null gives it back to the studio.
    expect(
      (await request(t.app).put(`/api/contacts/${created.body.id}`).set(as(alice)).send({ city: 'Boston' }).expect(200))
        .body.locale,
    ).toBe('fr-FR');
    expect(
      (await request(t.app).put(`/api/contacts/${created.body.id}`).set(as(alice)).send({ locale: null }).expect(200))
        .body.locale,
    ).toBeNull();
    expect(
      (await request(t.app).post('/api/contacts').set(as(alice)).send({ first_name: 'Anne' }).expect(201)).body.locale,
    ).toBeNull();
    for (const locale of ['de-DE', 'en', 'EN-US', 42]) {
      const refused = await request(t.app).post('/api/contacts').set(as(alice)).send({ first_name: 'Hans', locale });
      expect(refused.status).toBe(400);
      expect(refused.body.details.map((d: { path: string }) => d.path)).toContain('locale');
    }
    expect(
      (await request(t.app).patch(`/api/contacts/${created.body.id}`).set(as(alice)).send({ locale: 'es-ES' })).status,
    ).toBe(400);
    expect(
      (await request(t.app).get(`/api/contacts/${created.body.id}`).set(as(alice)).expect(200)).body.locale,
    ).toBeNull();
  });

  it("stores a country typed by name or code as its ISO code, shows its name in the studio's language, and refuses an unknown one naming country", async () => {
    const created = await request(t.app)
      .post('/api/contacts')
      .set(as(alice))
      .send({ first_name: 'Emily', country: 'Royaume-Uni' })
      .expect(201);
    expect(created.body).toMatchObject({ country: 'GB', country_name: 'Royaume-Uni' });
    const id = created.body.id as string;
    expect(
      (await request(t.app).put(`/api/contacts/${id}`).set(as(alice)).send({ country: 'France' }).expect(200)).body,
    ).toMatchObject({ country: 'FR', country_name: 'France' });
    expect(
      (await request(t.app).patch(`/api/contacts/${id}`).set(as(alice)).send({ country: 'us' }).expect(200)).body,
    ).toMatchObject({ country: 'US', country_name: 'États-Unis' });
    // Another field changed keeps it; an English-speaking studio reads its name in English.
    expect(
      (await request(t.app).patch(`/api/contacts/${id}`).set(as(alice)).send({ city: 'Boston' }).expect(200)).body
        .country,
    ).toBe('US');
    const english = await buildUser(t.app, { locale: 'en-US' });
    const theirs = await request(t.app)
      .post('/api/contacts')
      .set(as(english))
      .send({ first_name: 'Tom', country: 'Angleterre' })
      .expect(201);
    expect(theirs.body).toMatchObject({ country: 'GB', country_name: 'United Kingdom' });
    expect((await request(t.app).get('/api/contacts').set(as(english)).expect(200)).body.items[0]).toMatchObject({
      country: 'GB',
      country_name: 'United Kingdom',
    });

    for (const [method, url] of [
      ['post', '/api/contacts'],
      ['put', `/api/contacts/${id}`],
      ['patch', `/api/contacts/${id}`],
    ] as const) {
      const refused = await request(t.app)
        [method](url)
        .set(as(alice))
        .send({ first_name: 'Emily', country: 'Atlantis' });
      expect([method, refused.status]).toEqual([method, 400]);
      expect(refused.body).toMatchObject({
        code: 'invalid_input',
        details: [{ path: 'country', message: expect.stringMatching(/^"Atlantis" is not a country/) }],
      });
    }
    for (const junk of ['XX', 'EU'])
      expect(
        (await request(t.app).post('/api/contacts').set(as(alice)).send({ first_name: 'Emily', country: junk })).status,
      ).toBe(400);
    expect((await request(t.app).get(`/api/contacts/${id}`).set(as(alice)).expect(200)).body.country).toBe('US');
    // Empty clears it, as before.
    expect(
      (await request(t.app).patch(`/api/contacts/${id}`).set(as(alice)).send({ country: '' }).expect(200)).body,
    ).toMatchObject({ country: null, country_name: null });

    // A country stored before the rule that the migration could not read is shown as it is, and kept by other changes.
    await t.sequelize.query('UPDATE contacts SET country = $1 WHERE id = $2', { bind: ['Narnia', id] });
    expect(
      (await request(t.app).patch(`/api/contacts/${id}`).set(as(alice)).send({ city: 'Paris' }).expect(200)).body,
    ).toMatchObject({ country: 'Narnia', country_name: 'Narnia' });
  });

  it('refuses an update that leaves the contact without a name', async () => {
    const contact = await buildContact(t.app, alice, { first_name: 'Anaïs', last_name: null });
    const res = await request(t.app).patch(`/api/contacts/${contact.id}`).set(as(alice)).send({ first_name: '' });
    expect(res.status).toBe(400);
    expect((await request(t.app).get(`/api/contacts/${contact.id}`).set(as(alice))).body.first_name).toBe('Anaïs');
  });

  it('answers 400 for a malformed id and for malformed JSON', async () => {
    expect((await request(t.app).get('/api/contacts/not-a-uuid').set(as(alice))).status).toBe(400);
    const bad = await request(t.app)
      .post('/api/contacts')
      .set(as(alice))
      .set('Content-Type', 'application/json')
      .send('{"first_name": ');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_json');
  });

  it('answers 400 naming the field for text holding a NUL character, and stores nothing', async () => {
    const email = `nul-${Date.now()}@example.fr`;
    const res = await request(t.app)
      .post('/api/contacts')
      .set(as(alice))
      .set('Content-Type', 'application/json')
      .send(`{"first_name": "Zo\\u0000é", "email": "${email}"}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', details: [{ path: 'first_name' }] });
    const nested = await request(t.app)
      .post('/api/invoices')
      .set(as(alice))
      .send({ title: 'Facture', items: [{ item_type: 'TEXT', description: 'a\u0000b' }] });
    expect(nested.body.details).toEqual([{ path: 'items.0.description', message: 'contains a NUL character' }]);
    expect((await request(t.app).get('/api/contacts').query({ q: email }).set(as(alice))).body.total).toBe(0);
  });

  it('pages the list with total, page and limit, newest first, and caps the limit', async () => {
    const carol = await buildUser(t.app);
    for (let i = 1; i <= 5; i++) await buildContact(t.app, carol, { first_name: `Client ${i}` });

    const first = await request(t.app).get('/api/contacts?page=1&limit=2').set(as(carol));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(first.body.items.map((c: { first_name: string }) => c.first_name)).toEqual(['Client 5', 'Client 4']);

    const last = await request(t.app).get('/api/contacts?page=3&limit=2').set(as(carol));
    expect(last.body.items.map((c: { first_name: string }) => c.first_name)).toEqual(['Client 1']);

    expect((await request(t.app).get('/api/contacts?limit=1000').set(as(carol))).status).toBe(400);
    expect((await request(t.app).get('/api/contacts?page=0').set(as(carol))).status).toBe(400);

    const search = await request(t.app).get('/api/contacts?q=client%203').set(as(carol));
    expect(search.body.items.map((c: { first_name: string }) => c.first_name)).toEqual(['Client 3']);
    const wildcard = await request(t.app).get('/api/contacts?q=%25').set(as(carol));
    expect(wildcard.body.total).toBe(0);
  });

  it('records CONTACT_CREATED in the outbox with the request id', async () => {
    const res = await request(t.app)
      .post('/api/contacts')
      .set(as(alice))
      .set('X-Request-ID', 'req-outbox-contact')
      .send({ last_name: 'Lefèvre' });
    const [rows] = await t.sequelize.query('SELECT event_type, request_id FROM outbox_events WHERE entity_id = $1', {
      bind: [res.body.id],
    });
    expect(rows).toEqual([{ event_type: 'CONTACT_CREATED', request_id: 'req-outbox-contact' }]);
  });
});
