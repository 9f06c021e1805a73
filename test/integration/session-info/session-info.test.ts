// Session info questionnaires through HTTP against the real stack (api in-process, real database).
import request from 'supertest';
import { ensureClientAccount } from '../../../db/commands/ensure-client-account';
import { issueMagicLink } from '../../../db/commands/issue-magic-link';
import { Contact } from '../../../db/models/Contact';
import { MagicLinkToken } from '../../../db/models/MagicLinkToken';
import { OutboxEvent } from '../../../db/models/OutboxEvent';
import { buildContact } from '../../factories/contacts';
import { buildSession } from '../../factories/sessions';
import { adminUser, buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(async () => {
  await t.close();
});

const templates = '/api/session-info/templates';
const admin = '/api/admin/default-session-info-templates';

async function newTemplate(owner: TestUser) {
  const res = await request(t.app)
    .post(templates)
    .set(as(owner))
    .send({
      name: 'Mariage',
      fields: [
        { field_key: 'venue', label: 'Lieu', field_type: 'TEXT', is_required: true },
        { field_key: 'guests', label: 'Invités', field_type: 'NUMBER' },
        { field_key: 'style', label: 'Style', field_type: 'SELECT', options: ['Classique', 'Bohème'] },
      ],
    });
  expect(res.status).toBe(201);
  return res.body as { id: string; fields: { id: string; field_key: string }[] };
}

describe('user templates', () => {
  it('a new account already has copies of the base templates, with their fields', async () => {
    const owner = await buildUser(t.app);
    const res = await request(t.app).get(templates).set(as(owner)).expect(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body[0]).toMatchObject({
      base_template_id: expect.any(String),
      fields: expect.arrayContaining([
        expect.objectContaining({ field_key: expect.stringMatching(/^[a-z][a-z0-9_]*$/) }),
      ]),
    });
  });

  it('creates, reads, updates and deletes a template and its fields', async () => {
    const owner = await buildUser(t.app);
    const created = await newTemplate(owner);
    expect(created.fields.map((f) => f.field_key)).toEqual(['venue', 'guests', 'style']);

    const renamed = await request(t.app)
      .put(`${templates}/${created.id}`)
      .set(as(owner))
      .send({ name: 'Mariage 2027' })
      .expect(200);
    expect(renamed.body.name).toBe('Mariage 2027');

    const added = await request(t.app)
      .post(`${templates}/${created.id}/fields`)
      .set(as(owner))
      .send({ field_key: 'wedding_date', label: 'Date', field_type: 'DATE', is_required: true })
      .expect(201);
    const changed = await request(t.app)
      .put(`${templates}/${created.id}/fields/${added.body.id}`)
      .set(as(owner))
      .send({ label: 'Date du mariage' })
      .expect(200);
    expect(changed.body).toMatchObject({
      field_key: 'wedding_date',
      label: 'Date du mariage',
      field_type: 'DATE',
      is_required: true,
    });
    await request(t.app).delete(`${templates}/${created.id}/fields/${created.fields[1].id}`).set(as(owner)).expect(204);

    const read = await request(t.app).get(`${templates}/${created.id}`).set(as(owner)).expect(200);
    expect(read.body.fields.map((f: { field_key: string }) => f.field_key)).toEqual(['venue', 'style', 'wedding_date']);

    await request(t.app).delete(`${templates}/${created.id}`).set(as(owner)).expect(204);
    await request(t.app).get(`${templates}/${created.id}`).set(as(owner)).expect(404);
  });

  it('refuses a field_key that is not snake_case, a duplicate key, a SELECT without options and an unknown type', async () => {
    const owner = await buildUser(t.app);
    const { id } = await newTemplate(owner);
    const add = (body: object) => request(t.app).post(`${templates}/${id}/fields`).set(as(owner)).send(body);
    expect((await add({ field_key: 'WeddingDate', label: 'x', field_type: 'DATE' })).status).toBe(400);
    const dup = await add({ field_key: 'venue', label: 'Encore', field_type: 'TEXT' });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('field_key_taken');
    expect((await add({ field_key: 'menu', label: 'Menu', field_type: 'SELECT' })).status).toBe(400);
    expect((await add({ field_key: 'menu', label: 'Menu', field_type: 'SELECT', options: [] })).status).toBe(400);
    expect((await add({ field_key: 'photo', label: 'Photo', field_type: 'FILE' })).status).toBe(400);
    const twice = await request(t.app)
      .post(templates)
      .set(as(owner))
      .send({
        name: 'x',
        fields: [
          { field_key: 'a', label: 'A', field_type: 'TEXT' },
          { field_key: 'a', label: 'B', field_type: 'TEXT' },
        ],
      });
    expect(twice.status).toBe(400);
  });

  it("answers 404 for another user's template and its fields", async () => {
    const owner = await buildUser(t.app);
    const other = await buildUser(t.app);
    const { id, fields } = await newTemplate(owner);
    await request(t.app).get(`${templates}/${id}`).set(as(other)).expect(404);
    await request(t.app).put(`${templates}/${id}`).set(as(other)).send({ name: 'volé' }).expect(404);
    await request(t.app).delete(`${templates}/${id}`).set(as(other)).expect(404);
    await request(t.app)
      .post(`${templates}/${id}/fields`)
      .set(as(other))
      .send({ field_key: 'x', label: 'x', field_type: 'TEXT' })
      .expect(404);
    await request(t.app)
      .put(`${templates}/${id}/fields/${fields[0].id}`)
      .set(as(other))
      .send({ label: 'x' })
      .expect(404);
    await request(t.app).delete(`${templates}/${id}/fields/${fields[0].id}`).set(as(other)).expect(404);
    await request(t.app).get(`${templates}/${id}`).set(as(owner)).expect(200);
  });

  it('create-defaults is idempotent, brings back a deleted copy and never touches a field the user edited or added', async () => {
    const owner = await buildUser(t.app);
    const before = (await request(t.app).get(templates).set(as(owner)).expect(200)).body as {
      id: string;
      fields: { id: string; field_key: string; label: string }[];
    }[];
    const [first, second] = before;
    await request(t.app)
      .put(`${templates}/${first.id}/fields/${first.fields[0].id}`)
      .set(as(owner))
      .send({ label: 'Mon libellé' })
      .expect(200);
    await request(t.app)
      .post(`${templates}/${first.id}/fields`)
      .set(as(owner))
      .send({ field_key: 'my_own_question', label: 'À moi', field_type: 'TEXTAREA' })
      .expect(201);
    await request(t.app).delete(`${templates}/${second.id}`).set(as(owner)).expect(204);

    const once = await request(t.app).post(`${templates}/create-defaults`).set(as(owner)).expect(200);
    expect(once.body.created).toBe(1);
    const again = await request(t.app).post(`${templates}/create-defaults`).set(as(owner)).expect(200);
    expect(again.body).toMatchObject({ created: 0, fields_added: 0 });
    expect(again.body.templates).toHaveLength(before.length);

    const kept = (await request(t.app).get(`${templates}/${first.id}`).set(as(owner)).expect(200)).body;
    expect(kept.fields.find((f: { id: string }) => f.id === first.fields[0].id).label).toBe('Mon libellé');
    expect(kept.fields.map((f: { field_key: string }) => f.field_key)).toContain('my_own_question');
  });

  it('lists base templates and creates a new template from one each time, named after it with a suffix when taken', async () => {
    const owner = await buildUser(t.app);
    const bases = (await request(t.app).get(`${templates}/base`).set(as(owner)).expect(200)).body as {
      id: string;
      name: string;
      fields: unknown[];
    }[];
    expect(bases.length).toBeGreaterThanOrEqual(6);
    const mine = (await request(t.app).get(templates).set(as(owner))).body as {
      id: string;
      base_template_id: string;
    }[];
    const copy = mine.find((m) => m.base_template_id === bases[0].id)!;
    await request(t.app).delete(`${templates}/${copy.id}`).set(as(owner)).expect(204);
    const created = await request(t.app).post(`${templates}/from-base/${bases[0].id}`).set(as(owner)).expect(201);
    expect(created.body).toMatchObject({ base_template_id: bases[0].id, name: bases[0].name });
    const second = await request(t.app).post(`${templates}/from-base/${bases[0].id}`).set(as(owner)).expect(201);
    const third = await request(t.app).post(`${templates}/from-base/${bases[0].id}`).set(as(owner)).expect(201);
    expect(new Set([created.body.id, second.body.id, third.body.id]).size).toBe(3);
    expect([second.body.name, third.body.name]).toEqual([`${bases[0].name} (2)`, `${bases[0].name} (3)`]);
    expect(third.body.fields).toHaveLength(created.body.fields.length);
    // create-defaults still brings back the one default copy, and only once.
    const defaults = await request(t.app).post(`${templates}/create-defaults`).set(as(owner)).expect(200);
    expect(defaults.body.created).toBeGreaterThanOrEqual(1);
    expect((await request(t.app).post(`${templates}/create-defaults`).set(as(owner)).expect(200)).body.created).toBe(0);
    const names = (
      (await request(t.app).get(templates).set(as(owner))).body as { name: string; base_template_id: string }[]
    )
      .filter((m) => m.base_template_id === bases[0].id)
      .map((m) => m.name);
    expect(names.sort()).toEqual([bases[0].name, bases[0].name, `${bases[0].name} (2)`, `${bases[0].name} (3)`].sort());
    await request(t.app).post(`${templates}/from-base/00000000-0000-4000-8000-000000000000`).set(as(owner)).expect(404);
  });
});

describe('admin base templates', () => {
  it('403 for a studio user, 401 without a token', async () => {
    const user = await buildUser(t.app);
    await request(t.app).get(admin).set(as(user)).expect(403);
    await request(t.app).post(admin).set(as(user)).send({ name: 'x' }).expect(403);
    await request(t.app).get(admin).expect(401);
  });

  it('an admin creates, reads, updates a base template, deletes a field, and cannot delete a template (404)', async () => {
    const boss = await adminUser(t.app);
    const created = await request(t.app)
      .post(admin)
      .set(as(boss))
      .send({
        name: 'Newborn',
        locale: 'en-US',
        fields: [
          { field_key: 'baby_name', label: "Baby's name", field_type: 'TEXT', is_required: true },
          { field_key: 'due_date', label: 'Due date', field_type: 'DATE' },
        ],
      })
      .expect(201);
    const id = created.body.id as string;
    const updated = await request(t.app)
      .put(`${admin}/${id}`)
      .set(as(boss))
      .send({
        name: 'Newborn session',
        fields: [
          { field_key: 'due_date', label: 'Expected date', field_type: 'DATE' },
          { field_key: 'siblings', label: 'Siblings', field_type: 'NUMBER' },
        ],
      })
      .expect(200);
    expect(updated.body.name).toBe('Newborn session');
    expect(updated.body.fields.map((f: { field_key: string; label: string }) => `${f.field_key}:${f.label}`)).toEqual([
      "baby_name:Baby's name",
      'due_date:Expected date',
      'siblings:Siblings',
    ]);
    const dueDate = updated.body.fields[1].id as string;
    await request(t.app).delete(`${admin}/${id}/fields/${dueDate}`).set(as(boss)).expect(204);
    const read = await request(t.app).get(`${admin}/${id}`).set(as(boss)).expect(200);
    expect(read.body.fields).toHaveLength(2);
    await request(t.app).delete(`${admin}/${id}`).set(as(boss)).expect(404);
    const listed = await request(t.app).get(admin).set(as(boss)).expect(200);
    expect(listed.body.map((b: { id: string }) => b.id)).toContain(id);
  });
});

describe('client info (owner side)', () => {
  async function sessionWithTemplate(owner: TestUser) {
    const contact = await buildContact(t.app, owner, { first_name: 'Camille' });
    const session = await buildSession(t.app, owner, { title: 'Mariage Camille & Léo', contact_id: contact.id });
    const template = await newTemplate(owner);
    return { session, template };
  }

  it('reads an empty form before any save, refuses answers without a template (409), then saves and reads them back', async () => {
    const owner = await buildUser(t.app);
    const { session, template } = await sessionWithTemplate(owner);
    const empty = await request(t.app).get(`/api/sessions/${session.id}/client-info`).set(as(owner)).expect(200);
    expect(empty.body).toMatchObject({ template_id: null, fields: [], responses: {} });
    const noTemplate = await request(t.app)
      .put(`/api/sessions/${session.id}/client-info`)
      .set(as(owner))
      .send({ responses: { venue: 'Lyon' } });
    expect(noTemplate.status).toBe(409);

    const saved = await request(t.app)
      .put(`/api/sessions/${session.id}/client-info`)
      .set(as(owner))
      .send({
        template_id: template.id,
        responses: { venue: ' Château de Lourmarin ', guests: '120', style: 'Bohème' },
      })
      .expect(200);
    expect(saved.body).toMatchObject({
      template_id: template.id,
      responses: { venue: 'Château de Lourmarin', guests: 120, style: 'Bohème' },
      submitted_via: 'USER',
    });
    const read = await request(t.app).get(`/api/sessions/${session.id}/client-info`).set(as(owner)).expect(200);
    expect(read.body.responses).toEqual({ venue: 'Château de Lourmarin', guests: 120, style: 'Bohème' });
    expect(read.body.fields.map((f: { field_key: string }) => f.field_key)).toEqual(['venue', 'guests', 'style']);

    const events = await OutboxEvent.findAll({
      where: { entity_id: session.id, event_type: 'SESSION_INFO_SUBMITTED' },
    });
    expect(events).toHaveLength(1);
    expect(events[0].payload).toMatchObject({ submitted_via: 'USER', responses: { venue: 'Château de Lourmarin' } });
  });

  it('refuses invalid answers field by field, and saves nothing (no event)', async () => {
    const owner = await buildUser(t.app);
    const { session, template } = await sessionWithTemplate(owner);
    const res = await request(t.app)
      .put(`/api/sessions/${session.id}/client-info`)
      .set(as(owner))
      .send({
        template_id: template.id,
        responses: { guests: 'beaucoup', style: 'Rock', shoe_size: 42, venue: 'x'.repeat(501) },
      });
    expect(res.status).toBe(400);
    const problems = Object.fromEntries(
      (res.body.details as { field_key: string; problem: string }[]).map((d) => [d.field_key, d.problem]),
    );
    expect(problems).toEqual({
      guests: 'not_a_number',
      style: 'not_an_option',
      shoe_size: 'unknown_field',
      venue: 'too_long',
    });
    const missing = await request(t.app)
      .put(`/api/sessions/${session.id}/client-info`)
      .set(as(owner))
      .send({ template_id: template.id, responses: { guests: 3 } });
    expect(missing.body.details).toEqual([expect.objectContaining({ field_key: 'venue', problem: 'required' })]);
    expect(await OutboxEvent.count({ where: { entity_id: session.id, event_type: 'SESSION_INFO_SUBMITTED' } })).toBe(0);
  });

  it("answers 404 for another user's session, and for another user's template", async () => {
    const owner = await buildUser(t.app);
    const other = await buildUser(t.app);
    const { session, template } = await sessionWithTemplate(owner);
    await request(t.app).get(`/api/sessions/${session.id}/client-info`).set(as(other)).expect(404);
    await request(t.app)
      .put(`/api/sessions/${session.id}/client-info`)
      .set(as(other))
      .send({ responses: {} })
      .expect(404);
    const theirs = await sessionWithTemplate(other);
    await request(t.app)
      .put(`/api/sessions/${theirs.session.id}/client-info`)
      .set(as(other))
      .send({ template_id: template.id, responses: {} })
      .expect(404);
  });
});

describe('client accounts and magic links', () => {
  /** A session with a template, for a contact with `email`, and a fresh link for that contact. */
  async function invited(owner: TestUser, email: string, ttlMinutes = 60) {
    const contact = await buildContact(t.app, owner, { first_name: 'Inès', email });
    const template = await newTemplate(owner);
    const session = await buildSession(t.app, owner, { title: 'Portrait Inès', contact_id: contact.id });
    await request(t.app)
      .put(`/api/sessions/${session.id}/client-info`)
      .set(as(owner))
      .send({ template_id: template.id, responses: { venue: 'Studio' } })
      .expect(200);
    const account = await ensureClientAccount(t.sequelize, (await Contact.findByPk(contact.id))!);
    const link = await issueMagicLink(t.sequelize, account.id, session.id, ttlMinutes);
    return { session, link, account };
  }
  const verify = (token: string) => request(t.app).post('/api/client-accounts/magic-link/verify').send({ token });

  it("a link signs in once, is stored only as a hash, and its token opens only the client's own sessions", async () => {
    const owner = await buildUser(t.app);
    const { session, link } = await invited(owner, `ines-${Date.now()}@example.fr`);
    expect(await MagicLinkToken.count({ where: { token_hash: link.token } })).toBe(0);
    const signedIn = await verify(link.token).expect(200);
    expect(signedIn.body.session_id).toBe(session.id);
    const again = await verify(link.token);
    expect(again.status).toBe(401);
    expect(again.body.message).toMatch(/already used/);

    const client = { token: signedIn.body.accessToken as string };
    const mine = await request(t.app).get('/api/client-accounts/me/sessions').set(as(client)).expect(200);
    expect(mine.body.map((s: { id: string }) => s.id)).toEqual([session.id]);
    const form = await request(t.app)
      .get(`/api/client-accounts/me/sessions/${session.id}/client-info`)
      .set(as(client))
      .expect(200);
    expect(form.body.responses).toEqual({ venue: 'Studio' });

    const saved = await request(t.app)
      .put(`/api/client-accounts/me/sessions/${session.id}/client-info`)
      .set(as(client))
      .send({ responses: { venue: "Parc de la Tête d'Or", guests: 4 } })
      .expect(200);
    expect(saved.body).toMatchObject({
      submitted_via: 'CLIENT_PORTAL',
      responses: { venue: "Parc de la Tête d'Or", guests: 4 },
    });
    const bad = await request(t.app)
      .put(`/api/client-accounts/me/sessions/${session.id}/client-info`)
      .set(as(client))
      .send({ responses: { guests: 'deux' } });
    expect(bad.status).toBe(400);
    const events = await OutboxEvent.findAll({
      where: { entity_id: session.id, event_type: 'SESSION_INFO_SUBMITTED' },
      order: [['created_at', 'ASC']],
    });
    expect(events.map((e) => e.payload.submitted_via)).toEqual(['USER', 'CLIENT_PORTAL']);

    // Owner routes refuse a client token (401); another client's session is 404.
    await request(t.app).get(`/api/sessions/${session.id}/client-info`).set(as(client)).expect(401);
    await request(t.app).get('/api/session-info/templates').set(as(client)).expect(401);
    await request(t.app).get('/api/contacts').set(as(client)).expect(401);
    const stranger = await invited(owner, `other-${Date.now()}@example.fr`);
    await request(t.app)
      .get(`/api/client-accounts/me/sessions/${stranger.session.id}/client-info`)
      .set(as(client))
      .expect(404);
    await request(t.app)
      .put(`/api/client-accounts/me/sessions/${stranger.session.id}/client-info`)
      .set(as(client))
      .send({ responses: {} })
      .expect(404);
    // And a studio user's token is no client token.
    await request(t.app).get('/api/client-accounts/me/sessions').set(as(owner)).expect(401);
  });

  it('refuses an expired link and says so', async () => {
    const owner = await buildUser(t.app);
    const { link } = await invited(owner, `late-${Date.now()}@example.fr`);
    await MagicLinkToken.sequelize!.query(
      "UPDATE magic_link_tokens SET created_at = now() - interval '2 hours', expires_at = now() - interval '1 minute' WHERE used_at IS NULL AND client_account_id IN (SELECT id FROM client_accounts WHERE owner_id = $1)",
      { bind: [owner.id] },
    );
    const res = await verify(link.token);
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/expired/);
  });

  it('two contacts of one studio sharing an email both get an account and can both answer', async () => {
    const owner = await buildUser(t.app);
    const shared = `famille-${Date.now()}@example.fr`;
    const first = await invited(owner, shared);
    const second = await invited(owner, shared);
    expect(first.account.id).not.toBe(second.account.id);
    for (const { session, link } of [first, second]) {
      const client = { token: (await verify(link.token).expect(200)).body.accessToken as string };
      await request(t.app)
        .put(`/api/client-accounts/me/sessions/${session.id}/client-info`)
        .set(as(client))
        .send({ responses: { venue: 'Maison' } })
        .expect(200);
    }
  });
});
