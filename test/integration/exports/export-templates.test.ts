import request from 'supertest';
import { exportKeys } from '../../../domain/exports/columns';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const create = (user: TestUser, body: Record<string, unknown>) =>
  request(t.app).post('/api/export-templates').set(as(user)).send(body);
const defaultOf = async (user: TestUser, entity: string, format: string) =>
  (await request(t.app).get('/api/export-templates/default').query({ entity, format }).set(as(user)).expect(200)).body;

describe('export templates', () => {
  it('are created, read, listed, updated and deleted by their owner only', async () => {
    const owner = await buildUser(t.app);
    const other = await buildUser(t.app);
    const created = await create(owner, {
      name: 'Séances du mois',
      description: 'Pour la compta',
      entity: 'sessions',
      format: 'excel',
      selected_fields: ['title', 'start_date', 'location'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Séances du mois',
      entity: 'sessions',
      format: 'excel',
      selected_fields: ['title', 'start_date', 'location'],
      is_default: false,
      owner_id: owner.id,
    });

    const id = created.body.id as string;
    expect((await request(t.app).get(`/api/export-templates/${id}`).set(as(owner))).body.name).toBe('Séances du mois');
    expect(
      (await request(t.app).get('/api/export-templates').set(as(owner))).body.map((x: { id: string }) => x.id),
    ).toEqual([id]);
    expect((await request(t.app).get('/api/export-templates').set(as(other))).body).toEqual([]);

    // Someone else's template does not exist for them, whatever they try.
    expect((await request(t.app).get(`/api/export-templates/${id}`).set(as(other))).status).toBe(404);
    expect((await request(t.app).put(`/api/export-templates/${id}`).set(as(other)).send({ name: 'x' })).status).toBe(
      404,
    );
    expect((await request(t.app).delete(`/api/export-templates/${id}`).set(as(other))).status).toBe(404);

    const updated = await request(t.app)
      .put(`/api/export-templates/${id}`)
      .set(as(owner))
      .send({ selected_fields: ['notes', 'title'] });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Séances du mois', selected_fields: ['notes', 'title'] });

    expect((await request(t.app).delete(`/api/export-templates/${id}`).set(as(owner))).status).toBe(204);
    expect((await request(t.app).get(`/api/export-templates/${id}`).set(as(owner))).status).toBe(404);
  });

  it('refuse fields that are not keys of the entity, naming the entity, the invalid and the valid fields', async () => {
    const owner = await buildUser(t.app);
    const res = await create(owner, {
      name: 'Bad',
      entity: 'contacts',
      format: 'csv',
      selected_fields: ['first_name', 'birthday'],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `Invalid fields for contacts: birthday. Valid fields: ${exportKeys('contacts').join(', ')}`,
    );
    expect(res.body.details).toMatchObject({ entity: 'contacts', invalid_fields: ['birthday'] });

    // Moving a template to another entity keeps its fields only if they fit the new entity.
    const ok = await create(owner, {
      name: 'Names',
      entity: 'contacts',
      format: 'csv',
      selected_fields: ['first_name'],
    });
    const moved = await request(t.app)
      .patch(`/api/export-templates/${ok.body.id}`)
      .set(as(owner))
      .send({ entity: 'quotes' });
    expect(moved.status).toBe(400);
    expect(moved.body.message).toMatch(/^Invalid fields for quotes: first_name\./);
  });

  it('keep one default per entity and format: a new default replaces the old one', async () => {
    const owner = await buildUser(t.app);
    expect(await defaultOf(owner, 'quotes', 'pdf')).toBeNull();
    const first = await create(owner, {
      name: 'A',
      entity: 'quotes',
      format: 'pdf',
      selected_fields: ['title'],
      is_default: true,
    });
    const other = await create(owner, {
      name: 'Csv',
      entity: 'quotes',
      format: 'csv',
      selected_fields: ['title'],
      is_default: true,
    });
    expect((await defaultOf(owner, 'quotes', 'pdf')).id).toBe(first.body.id);

    const second = await create(owner, {
      name: 'B',
      entity: 'quotes',
      format: 'pdf',
      selected_fields: ['amount'],
      is_default: true,
    });
    expect((await defaultOf(owner, 'quotes', 'pdf')).id).toBe(second.body.id);
    expect((await request(t.app).get(`/api/export-templates/${first.body.id}`).set(as(owner))).body.is_default).toBe(
      false,
    );
    // Another format keeps its own default.
    expect((await defaultOf(owner, 'quotes', 'csv')).id).toBe(other.body.id);

    // Updating the old one to default takes it back.
    await request(t.app)
      .put(`/api/export-templates/${first.body.id}`)
      .set(as(owner))
      .send({ is_default: true })
      .expect(200);
    expect((await defaultOf(owner, 'quotes', 'pdf')).id).toBe(first.body.id);
  });

  it('keep one default when several requests ask for it at the same moment', async () => {
    const owner = await buildUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        create(owner, {
          name: `Race ${i}`,
          entity: 'invoices',
          format: 'excel',
          selected_fields: ['title', 'amount'],
          is_default: true,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const all = (await request(t.app).get('/api/export-templates').set(as(owner))).body as {
      id: string;
      is_default: boolean;
    }[];
    expect(all).toHaveLength(6);
    const defaults = all.filter((x) => x.is_default);
    expect(defaults).toHaveLength(1);
    expect((await defaultOf(owner, 'invoices', 'excel')).id).toBe(defaults[0].id);
  });

  it('validate the default query', async () => {
    const owner = await buildUser(t.app);
    const res = await request(t.app)
      .get('/api/export-templates/default')
      .query({ entity: 'photos', format: 'csv' })
      .set(as(owner));
    expect(res.status).toBe(400);
  });
});
