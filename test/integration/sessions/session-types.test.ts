// The studio's session types through HTTP against the real stack: copies of the system types at
// registration (linked to the studio's own questionnaire copies), CRUD, links checked (404 for
// another studio's workflow or questionnaire), delete detaching sessions, 404 across studios.
import crypto from 'node:crypto';
import request from 'supertest';
import { buildInvoice } from '../../factories/invoices';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const TYPES = '/api/session-types';

describe('/api/session-types', () => {
  it('gives a new studio its copies of the system types, each with its own copy of the matching questionnaire; create-defaults adds nothing twice', async () => {
    const owner = await buildUser(t.app);
    const [system] = (await t.sequelize.query(
      'SELECT count(*)::int AS n FROM user_session_types WHERE owner_id IS NULL AND is_active',
    )) as [{ n: number }[], unknown];
    const list = await request(t.app).get(TYPES).query({ limit: 100 }).set(as(owner)).expect(200);
    expect(list.body.total).toBe(system[0].n);
    const templates = (await request(t.app).get('/api/session-info/templates').set(as(owner)).expect(200)).body as {
      id: string;
    }[];
    const linked = (
      list.body.items as { default_session_info_template_id: string | null; business_key: string }[]
    ).filter((x) => x.default_session_info_template_id);
    expect(linked.length).toBeGreaterThan(0);
    for (const type of linked) expect(templates.map((x) => x.id)).toContain(type.default_session_info_template_id);
    const again = await request(t.app).post(`${TYPES}/create-defaults`).set(as(owner)).expect(200);
    expect(again.body).toMatchObject({ created: 0, total: system[0].n });
  });

  it("names a studio's copies in its language and links each to the studio's own copy of the type's workflow template", async () => {
    type Task = {
      name: string;
      task_type: string;
      timing: string;
      offset_minutes: number;
      actions: { config: Record<string, unknown> }[];
    };
    type Flow = { id: string; name: string; tasks: Task[] };
    const types = async (user: TestUser) =>
      (await request(t.app).get(TYPES).query({ limit: 100 }).set(as(user)).expect(200)).body.items as {
        id: string;
        name: string;
        business_key: string;
        default_workflow_id: string;
      }[];
    const flow = async (user: TestUser, id: string) =>
      (await request(t.app).get(`/api/workflows/${id}`).set(as(user)).expect(200)).body as Flow;
    const [[system]] = (await t.sequelize.query(
      "SELECT default_workflow_id::text AS id FROM user_session_types WHERE owner_id IS NULL AND business_key = 'wedding'",
    )) as [{ id: string }[], unknown];
    const template = (
      (
        await request(t.app)
          .get('/api/workflows/templates')
          .set(as(await buildUser(t.app)))
          .expect(200)
      ).body.items as Flow[]
    ).find((w) => w.id === system.id)!;

    const french = await buildUser(t.app, { locale: 'fr-FR' });
    const english = await buildUser(t.app, { locale: 'en-US' });
    const mariage = (await types(french)).find((x) => x.business_key === 'wedding')!;
    const wedding = (await types(english)).find((x) => x.business_key === 'wedding')!;
    expect([mariage.name, wedding.name]).toEqual(['Mariage', 'Wedding']);
    // Each studio's own workflow, not the system template nor the other studio's copy.
    expect(new Set([mariage.default_workflow_id, wedding.default_workflow_id, system.id]).size).toBe(3);
    const frenchFlow = await flow(french, mariage.default_workflow_id);
    const englishFlow = await flow(english, wedding.default_workflow_id);
    expect([frenchFlow.name, englishFlow.name]).toEqual(['Mariage', template.name]);
    expect(frenchFlow.tasks.map((x) => x.name)).toContain('Appel de préparation avec les mariés');
    expect(englishFlow.tasks.map((x) => x.name)).toEqual(template.tasks.map((x) => x.name));
    // The same tasks, timing and actions as the template.
    const shape = (f: Flow) =>
      f.tasks.map((x) => [x.task_type, x.timing, x.offset_minutes, x.actions.map((a) => a.config)]);
    expect(shape(frenchFlow)).toEqual(shape(template));
    expect(shape(englishFlow)).toEqual(shape(template));
    expect((await request(t.app).get(`/api/workflows/${mariage.default_workflow_id}`).set(as(english))).status).toBe(
      404,
    );

    // A session of the type runs the studio's copy; re-creating a deleted type reuses that copy.
    const session = (await buildSession(t.app, french, {
      title: 'Mariage de Léa',
      user_session_type_id: mariage.id,
    })) as { workflow_id: string };
    expect(session.workflow_id).toBe(mariage.default_workflow_id);
    await request(t.app).delete(`${TYPES}/${mariage.id}`).set(as(french)).expect(204);
    expect((await request(t.app).post(`${TYPES}/create-defaults`).set(as(french)).expect(200)).body.created).toBe(1);
    const again = (await types(french)).find((x) => x.business_key === 'wedding')!;
    expect(again).toMatchObject({ name: 'Mariage', default_workflow_id: mariage.default_workflow_id });
    const [[count]] = (await t.sequelize.query(
      'SELECT count(*)::int AS n FROM workflows WHERE owner_id = $1 AND source_workflow_id = $2',
      { bind: [french.id, system.id] },
    )) as [{ n: number }[], unknown];
    expect(count.n).toBe(1);
  });

  it('creates, reads, updates and deletes its own types; deleting one leaves its sessions without a type', async () => {
    const owner = await buildUser(t.app);
    const template = (
      await request(t.app)
        .post('/api/session-info/templates')
        .set(as(owner))
        .send({ name: 'Naissance', fields: [] })
        .expect(201)
    ).body as { id: string };
    const workflow = (
      await request(t.app).post('/api/workflows').set(as(owner)).send({ name: 'Suivi naissance' }).expect(201)
    ).body as { id: string };
    const created = await request(t.app).post(TYPES).set(as(owner)).send({
      name: 'Séance naissance',
      description: 'À domicile',
      duration_minutes: 120,
      default_price: '280',
      vat_percentage: 20,
      default_workflow_id: workflow.id,
      default_session_info_template_id: template.id,
      display_order: 3,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Séance naissance',
      duration_minutes: 120,
      default_price: '280.00',
      vat_percentage: '20.00',
      default_workflow_id: workflow.id,
      default_session_info_template_id: template.id,
      business_key: null,
      is_active: true,
    });
    const id = created.body.id as string;
    expect((await request(t.app).get(`${TYPES}/${id}`).set(as(owner)).expect(200)).body).toEqual(created.body);
    const patched = await request(t.app)
      .patch(`${TYPES}/${id}`)
      .set(as(owner))
      .send({ default_price: 300, is_active: false })
      .expect(200);
    expect(patched.body).toMatchObject({ default_price: '300.00', is_active: false, name: 'Séance naissance' });

    const session = (await buildSession(t.app, owner, { title: 'Naissance de Jules', user_session_type_id: id })) as {
      id: string;
      workflow_id: string;
      session_info_template_id: string;
    };
    // The type's workflow and questionnaire come with it.
    expect([session.workflow_id, session.session_info_template_id]).toEqual([workflow.id, template.id]);
    const later = await buildSession(t.app, owner, { title: 'Naissance de Léa' });
    const typedLater = await request(t.app)
      .patch(`/api/sessions/${later.id}`)
      .set(as(owner))
      .send({ user_session_type_id: id })
      .expect(200);
    expect(typedLater.body).toMatchObject({ workflow_id: workflow.id, session_info_template_id: template.id });
    await request(t.app).delete(`${TYPES}/${id}`).set(as(owner)).expect(204);
    expect((await request(t.app).get(`${TYPES}/${id}`).set(as(owner))).status).toBe(404);
    const kept = await request(t.app).get(`/api/sessions/${session.id}`).set(as(owner)).expect(200);
    expect(kept.body).toMatchObject({ title: 'Naissance de Jules', user_session_type_id: null });
  });

  it("refuses bad input with 400 and another studio's type, workflow or questionnaire with 404", async () => {
    const owner = await buildUser(t.app);
    const other = await buildUser(t.app);
    const theirTemplate = (
      await request(t.app)
        .post('/api/session-info/templates')
        .set(as(other))
        .send({ name: 'Privé', fields: [] })
        .expect(201)
    ).body as { id: string };
    const theirWorkflow = (
      await request(t.app).post('/api/workflows').set(as(other)).send({ name: 'Privé' }).expect(201)
    ).body as { id: string };
    const theirType = (await request(t.app).post(TYPES).set(as(other)).send({ name: 'Leur type' }).expect(201))
      .body as { id: string };
    for (const body of [
      { name: '' },
      { name: 'x', default_price: -1 },
      { name: 'x', vat_percentage: 120 },
      { name: 'x', duration_minutes: 0 },
      { name: 'x', colour: 'red' },
      { name: 'x', default_price: '12.345' },
    ]) {
      expect([JSON.stringify(body), (await request(t.app).post(TYPES).set(as(owner)).send(body)).status]).toEqual([
        JSON.stringify(body),
        400,
      ]);
    }
    expect(
      (await request(t.app).post(TYPES).set(as(owner)).send({ name: 'x', default_workflow_id: theirWorkflow.id }))
        .status,
    ).toBe(404);
    expect(
      (
        await request(t.app)
          .post(TYPES)
          .set(as(owner))
          .send({ name: 'x', default_session_info_template_id: theirTemplate.id })
      ).status,
    ).toBe(404);
    expect((await request(t.app).get(`${TYPES}/${theirType.id}`).set(as(owner))).status).toBe(404);
    expect((await request(t.app).patch(`${TYPES}/${theirType.id}`).set(as(owner)).send({ name: 'Mien' })).status).toBe(
      404,
    );
    expect((await request(t.app).delete(`${TYPES}/${theirType.id}`).set(as(owner))).status).toBe(404);
    expect((await request(t.app).get(`${TYPES}/${crypto.randomUUID()}`).set(as(owner))).status).toBe(404);
    expect((await request(t.app).get(`${TYPES}/${theirType.id}`).set(as(other))).body.name).toBe('Leur type');
  });

  it("fills an invoice line naming a type with the type's price (with tax), VAT and name, unless the line sets its own", async () => {
    const owner = await buildUser(t.app);
    const type = (
      await request(t.app)
        .post(TYPES)
        .set(as(owner))
        .send({ name: 'Séance grossesse', default_price: '240.00', vat_percentage: '20' })
        .expect(201)
    ).body as { id: string };
    const invoice = await buildInvoice(t.app, owner, {
      contact_id: null,
      title: 'Grossesse de Clara',
      items: [
        { item_type: 'SESSION_TYPE', user_session_type_id: type.id, quantity: 2 },
        {
          item_type: 'SESSION_TYPE',
          user_session_type_id: type.id,
          description: 'Tarif ami',
          price_without_tax: '100.00',
          vat_percentage: '20',
        },
      ],
    });
    expect(
      invoice.items.map((i: Record<string, unknown>) => [
        i.description,
        i.price_with_tax,
        i.vat_percentage,
        i.price_includes_tax,
        i.total,
      ]),
    ).toEqual([
      ['Séance grossesse', '240.00', '20.00', true, '480.00'],
      ['Tarif ami', '120.00', '20.00', false, '120.00'],
    ]);
    expect(invoice.amount).toBe('600.00');
  });
});
