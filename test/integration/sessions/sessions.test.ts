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

describe('sessions', () => {
  it('creates a session for an own contact and records SESSION_CREATED, then SESSION_STATUS_CHANGED on a status change', async () => {
    const contact = await buildContact(t.app, alice);
    const created = await request(t.app).post('/api/sessions').set(as(alice)).send({
      title: 'Mariage Élodie & Hugo',
      location: 'Château de Vaux',
      contact_id: contact.id,
      start_date: '2027-06-12T14:00:00+02:00',
      end_date: '2027-06-12T23:00:00+02:00',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Mariage Élodie & Hugo',
      status: 'PENDING',
      contact_id: contact.id,
      start_date: '2027-06-12T12:00:00.000Z',
    });

    const validated = await request(t.app)
      .put(`/api/sessions/${created.body.id}`)
      .set(as(alice))
      .send({ status: 'VALIDATED' });
    expect(validated.status).toBe(200);
    expect(validated.body.status).toBe('VALIDATED');
    const sameStatus = await request(t.app)
      .put(`/api/sessions/${created.body.id}`)
      .set(as(alice))
      .send({ status: 'VALIDATED', notes: 'Bring the drone' });
    expect(sameStatus.status).toBe(200);

    const [events] = await t.sequelize.query(
      "SELECT event_type, payload->>'previous_status' AS previous FROM outbox_events WHERE entity_id = $1 ORDER BY id",
      { bind: [created.body.id] },
    );
    expect(events).toEqual([
      { event_type: 'SESSION_CREATED', previous: null },
      { event_type: 'SESSION_STATUS_CHANGED', previous: 'PENDING' },
    ]);
  });

  it("refuses another user's contact as contact_id without saying whether it exists", async () => {
    const bobsContact = await buildContact(t.app, bob);
    const res = await request(t.app)
      .post('/api/sessions')
      .set(as(alice))
      .send({ title: 'Portrait', contact_id: bobsContact.id });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    const random = await request(t.app)
      .post('/api/sessions')
      .set(as(alice))
      .send({ title: 'Portrait', contact_id: '00000000-0000-4000-8000-000000000000' });
    expect(random.body.message).toBe(res.body.message);
  });

  it("gives user B a 404 on user A's session", async () => {
    const created = await request(t.app).post('/api/sessions').set(as(alice)).send({ title: 'Corporate headshots' });
    for (const req of [
      request(t.app).get(`/api/sessions/${created.body.id}`),
      request(t.app).delete(`/api/sessions/${created.body.id}`),
      request(t.app).patch(`/api/sessions/${created.body.id}`).send({ title: 'x' }),
    ]) {
      expect((await req.set(as(bob))).status).toBe(404);
    }
    expect((await request(t.app).get(`/api/sessions/${created.body.id}`).set(as(alice))).body.title).toBe(
      'Corporate headshots',
    );
  });

  it('validates dates, status and title', async () => {
    const res = await request(t.app)
      .post('/api/sessions')
      .set(as(alice))
      .send({ title: ' ', status: 'DONE', start_date: '12/06/2027' });
    expect(res.status).toBe(400);
    expect((res.body.details as { path: string }[]).map((d) => d.path).sort()).toEqual([
      'start_date',
      'status',
      'title',
    ]);
    const reversed = await request(t.app)
      .post('/api/sessions')
      .set(as(alice))
      .send({ title: 'Reversed', start_date: '2027-01-02', end_date: '2027-01-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.details[0].path).toBe('end_date');
  });

  it('filters and pages the list', async () => {
    const dan = await buildUser(t.app);
    for (const [title, status] of [
      ['A', 'PENDING'],
      ['B', 'VALIDATED'],
      ['C', 'VALIDATED'],
    ] as const) {
      await request(t.app).post('/api/sessions').set(as(dan)).send({ title, status });
    }
    const validated = await request(t.app).get('/api/sessions?status=VALIDATED&limit=1').set(as(dan));
    expect(validated.body).toMatchObject({ total: 2, page: 1, limit: 1 });
    expect(validated.body.items[0].title).toBe('C');
  });

  it('filters by contact and by start date, and pages through the rest', async () => {
    const erin = await buildUser(t.app);
    const contact = await buildContact(t.app, erin);
    const sessions = [
      { title: 'Engagement', start_date: '2027-03-01T10:00:00Z', contact_id: contact.id },
      { title: 'Wedding', start_date: '2027-06-12T14:00:00Z', contact_id: contact.id },
      { title: 'Portrait', start_date: '2027-06-20T09:00:00Z' },
    ];
    for (const session of sessions)
      expect((await request(t.app).post('/api/sessions').set(as(erin)).send(session)).status).toBe(201);

    const forContact = await request(t.app).get(`/api/sessions?contact_id=${contact.id}`).set(as(erin));
    expect(forContact.body.items.map((s: { title: string }) => s.title)).toEqual(['Wedding', 'Engagement']);

    // `from` is inclusive and `to` exclusive, so a session starting exactly at `to` is left out.
    const june = await request(t.app)
      .get('/api/sessions')
      .query({ from: '2027-06-01T00:00:00Z', to: '2027-06-20T09:00:00Z' })
      .set(as(erin));
    expect(june.body).toMatchObject({ total: 1, items: [{ title: 'Wedding' }] });

    const second = await request(t.app).get('/api/sessions?limit=2&page=2').set(as(erin));
    expect(second.body).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(second.body.items.map((s: { title: string }) => s.title)).toEqual(['Engagement']);
    const beyond = await request(t.app).get('/api/sessions?limit=2&page=5').set(as(erin));
    expect(beyond.body).toMatchObject({ total: 3, page: 5, items: [] });

    const nobody = await request(t.app).get(`/api/sessions?contact_id=${contact.id}`).set(as(bob));
    expect(nobody.body).toMatchObject({ total: 0, items: [] });
  });

  it("attaches a questionnaire with required fields by PUT or PATCH, without answers; null detaches; another studio's is not found", async () => {
    const contact = await buildContact(t.app, alice);
    const session = (
      await request(t.app)
        .post('/api/sessions')
        .set(as(alice))
        .send({ title: 'Mariage Inès & Paul', contact_id: contact.id })
        .expect(201)
    ).body as { id: string };
    const template = (
      await request(t.app)
        .post('/api/session-info/templates')
        .set(as(alice))
        .send({
          name: 'Mariage civil',
          fields: [{ field_key: 'venue', label: 'Lieu', field_type: 'TEXT', is_required: true }],
        })
        .expect(201)
    ).body as { id: string };

    const attached = await request(t.app)
      .patch(`/api/sessions/${session.id}`)
      .set(as(alice))
      .send({ session_info_template_id: template.id });
    expect(attached.status).toBe(200);
    expect(attached.body.session_info_template_id).toBe(template.id);
    const form = await request(t.app).get(`/api/sessions/${session.id}/client-info`).set(as(alice)).expect(200);
    expect(form.body).toMatchObject({ template_id: template.id, responses: {} });
    expect(form.body.fields.map((f: { field_key: string }) => f.field_key)).toEqual(['venue']);
    // Required fields are checked when answers come in, not when the questionnaire is attached.
    const missing = await request(t.app)
      .put(`/api/sessions/${session.id}/client-info`)
      .set(as(alice))
      .send({ responses: {} });
    expect(missing.status).toBe(400);
    expect(
      (
        await request(t.app)
          .put(`/api/sessions/${session.id}/client-info`)
          .set(as(alice))
          .send({ responses: { venue: 'Mairie du 11e' } })
      ).status,
    ).toBe(200);

    const bobs = (
      await request(t.app)
        .post('/api/session-info/templates')
        .set(as(bob))
        .send({ name: 'Privé', fields: [] })
        .expect(201)
    ).body as { id: string };
    const foreign = await request(t.app)
      .put(`/api/sessions/${session.id}`)
      .set(as(alice))
      .send({ session_info_template_id: bobs.id });
    expect(foreign.status).toBe(404);
    expect((await request(t.app).get(`/api/sessions/${session.id}`).set(as(alice))).body.session_info_template_id).toBe(
      template.id,
    );
    expect(
      (
        await request(t.app)
          .post('/api/sessions')
          .set(as(alice))
          .send({ title: 'x', session_info_template_id: bobs.id })
      ).status,
    ).toBe(404);

    const detached = await request(t.app)
      .put(`/api/sessions/${session.id}`)
      .set(as(alice))
      .send({ session_info_template_id: null });
    expect(detached.status).toBe(200);
    expect(detached.body.session_info_template_id).toBeNull();
  });

  it("takes a system session type or the studio's own by PUT or PATCH; another studio's type is not found", async () => {
    const [[system]] = (await t.sequelize.query(
      'SELECT id::text, default_workflow_id::text AS workflow FROM user_session_types WHERE owner_id IS NULL ORDER BY display_order LIMIT 1',
    )) as [{ id: string; workflow: string | null }[], unknown];
    const session = (await request(t.app).post('/api/sessions').set(as(alice)).send({ title: 'Portrait' }).expect(201))
      .body as { id: string };
    const typed = await request(t.app)
      .patch(`/api/sessions/${session.id}`)
      .set(as(alice))
      .send({ user_session_type_id: system.id });
    expect(typed.status).toBe(200);
    expect(typed.body).toMatchObject({ user_session_type_id: system.id, workflow_id: system.workflow });
    const [[bobsType]] = (await t.sequelize.query(
      "INSERT INTO user_session_types (owner_id, name) VALUES ($1, 'Séance de Bob') RETURNING id::text",
      { bind: [bob.id] },
    )) as [{ id: string }[], unknown];
    expect(
      (
        await request(t.app)
          .put(`/api/sessions/${session.id}`)
          .set(as(alice))
          .send({ user_session_type_id: bobsType.id })
      ).status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .post('/api/sessions')
          .set(as(alice))
          .send({ title: 'x', user_session_type_id: bobsType.id })
      ).status,
    ).toBe(404);
    expect((await request(t.app).get(`/api/sessions/${session.id}`).set(as(alice))).body.user_session_type_id).toBe(
      system.id,
    );
    expect(
      (
        await request(t.app)
          .put(`/api/sessions/${session.id}`)
          .set(as(alice))
          .send({ user_session_type_id: null })
          .expect(200)
      ).body.user_session_type_id,
    ).toBeNull();
  });
});
