// Sessions export and import know the studio's setup (issue 19, part 5), through HTTP against the
// real stack: the api in-process, the real worker process rendering exports and running imports.
import crypto from 'node:crypto';
import path from 'node:path';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { buildContact } from '../../factories/contacts';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { testStackDir } from '../../setup/paths';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { pdfTextAt } from '../../helpers/pdf-text';

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  worker = await startMainWorker('sessions-io');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const rows = async (sql: string, bind: unknown[]) =>
  (await t.sequelize.query(sql, { bind }))[0] as Record<string, unknown>[];
const csvLines = async (url: string) => (await download(url)).subarray(3).toString('utf8').trim().split(/\r?\n/);

/** One of the studio's types, created through the API. */
async function buildSessionType(owner: TestUser, body: Record<string, unknown>): Promise<{ id: string; name: string }> {
  return (await request(t.app).post('/api/session-types').set(as(owner)).send(body).expect(201)).body;
}

/** The studio's own type of a system business key (its copy made at registration). */
async function ownCopy(owner: TestUser, businessKey: string): Promise<{ id: string; name: string }> {
  const list = await request(t.app).get('/api/session-types').query({ limit: 100 }).set(as(owner)).expect(200);
  const found = (list.body.items as { id: string; name: string; business_key: string | null }[]).find(
    (x) => x.business_key === businessKey,
  );
  if (!found) throw new Error(`no copy of ${businessKey}`);
  return found;
}

const systemType = async (businessKey: string) =>
  (
    await rows(
      'SELECT id, name, default_workflow_id FROM user_session_types WHERE owner_id IS NULL AND business_key = $1',
      [businessKey],
    )
  )[0] as { id: string; name: string; default_workflow_id: string | null };

describe('sessions export', () => {
  it("writes each session's type name, its main contact and its attached contacts (in the order added, with their roles) in their columns: csv, excel, pdf", async () => {
    const owner = await buildUser(t.app);
    const other = await buildUser(t.app);
    const birth = await buildSessionType(owner, { name: 'Séance naissance' });
    const portrait = await systemType('portrait');
    const lea = await buildContact(t.app, owner, { first_name: 'Léa', last_name: 'Moreau' });
    const ines = await buildContact(t.app, owner, { first_name: 'Inès', last_name: 'Petit' });
    const hugo = await buildContact(t.app, owner, { first_name: 'Hugo', last_name: 'Roux' });
    const zoe = await buildContact(t.app, owner, { first_name: 'Zoé', last_name: 'Blanc' });

    const first = await buildSession(t.app, owner, {
      title: 'Naissance de Jules',
      contact_id: lea.id,
      user_session_type_id: birth.id,
    });
    // Added Inès first, then Hugo: the export keeps that order, not the alphabet's.
    await request(t.app)
      .post(`/api/sessions/${first.id}/contacts`)
      .set(as(owner))
      .send({ contact_id: ines.id, role: 'parent' })
      .expect(201);
    await request(t.app)
      .post(`/api/sessions/${first.id}/contacts`)
      .set(as(owner))
      .send({ contact_id: hugo.id, role: 'partner' })
      .expect(201);
    const second = await buildSession(t.app, owner, { title: 'Portrait Chloé', user_session_type_id: portrait.id });
    await request(t.app)
      .post(`/api/sessions/${second.id}/contacts`)
      .set(as(owner))
      .send({ contact_id: zoe.id })
      .expect(201);
    await request(t.app).post('/api/sessions').set(as(owner)).send({ title: 'Sans type' }).expect(201);
    // Another studio's session, type and contacts never show.
    const theirs = await buildSessionType(other, { name: 'Leur type' });
    await request(t.app)
      .post('/api/sessions')
      .set(as(other))
      .send({ title: 'Pas à nous', user_session_type_id: theirs.id })
      .expect(201);

    const res = await request(t.app)
      .get('/api/export')
      .query({ entity: 'sessions', format: 'csv', fields: 'title,session_type,contact_name,session_contacts' })
      .set(as(owner))
      .expect(200);
    expect(await csvLines(res.body.url)).toEqual([
      'Title,Session Type,Main Contact,Session Contacts',
      'Naissance de Jules,Séance naissance,Léa Moreau,Inès Petit (parent); Hugo Roux (partner)',
      // No role: the name alone.
      'Portrait Chloé,Portrait,,Zoé Blanc',
      'Sans type,,,',
    ]);

    // Templates take the new keys; without fields, every key in catalogue order ends with them.
    await request(t.app)
      .post('/api/export-templates')
      .set(as(owner))
      .send({
        name: 'Types',
        entity: 'sessions',
        format: 'csv',
        selected_fields: ['session_type', 'session_contacts', 'title'],
      })
      .expect(201);
    const all = await request(t.app)
      .get('/api/export')
      .query({ entity: 'sessions', format: 'csv' })
      .set(as(owner))
      .expect(200);
    const [header, firstRow] = await csvLines(all.body.url);
    expect(header.split(',').slice(-6)).toEqual([
      'Session Type',
      'Main Contact',
      'Session Contacts',
      'Lead',
      'Second Shooters',
      'Assistants',
    ]);
    // No member on it: the members' columns are empty.
    expect(firstRow.endsWith(',Séance naissance,Léa Moreau,Inès Petit (parent); Hugo Roux (partner),,,')).toBe(true);

    // Excel (and pdf) read the same columns in batches (row-batches.ts).
    const excel = await request(t.app)
      .get('/api/export')
      .query({ entity: 'sessions', format: 'excel', fields: 'title,session_type,session_contacts' })
      .set(as(owner))
      .expect(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download(excel.body.url)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect([1, 2, 3].map((r) => (sheet.getRow(r).values as unknown[]).slice(1))).toEqual([
      ['Title', 'Session Type', 'Session Contacts'],
      ['Naissance de Jules', 'Séance naissance', 'Inès Petit (parent); Hugo Roux (partner)'],
      ['Portrait Chloé', 'Portrait', 'Zoé Blanc'],
    ]);
    const pdf = await request(t.app)
      .get('/api/export')
      .query({ entity: 'sessions', format: 'pdf', fields: 'title,session_type,contact_name' })
      .set(as(owner))
      .expect(200);
    const text = await pdfTextAt(pdf.body.url, {
      keepAs: path.join(testStackDir, `sessions-io-${crypto.randomUUID()}.pdf`),
    });
    expect(text).toMatch(/Title\s+Type\s+Contact/);
    expect(text).toMatch(/Naissance de Jules\s+Séance naissance\s+Léa Moreau/);
  });
});

describe('sessions import', () => {
  it("matches session_type by name (the studio's own before a system type, case and accents aside); an unknown name, another studio's, or one two of the studio's types share, is an error on its line", async () => {
    const owner = await buildUser(t.app);
    const other = await buildUser(t.app);
    const contact = await buildContact(t.app, owner);
    const workflow = (
      await request(t.app).post('/api/workflows').set(as(owner)).send({ name: 'Suivi naissance' }).expect(201)
    ).body as { id: string };
    const template = (
      await request(t.app)
        .post('/api/session-info/templates')
        .set(as(owner))
        .send({ name: 'Naissance', fields: [] })
        .expect(201)
    ).body as { id: string };
    const birth = await buildSessionType(owner, {
      name: 'Séance naissance',
      default_workflow_id: workflow.id,
      default_session_info_template_id: template.id,
    });
    const wedding = await ownCopy(owner, 'wedding');
    // Without its copy of Portrait, the studio's "portrait" is the system type.
    await request(t.app)
      .delete(`/api/session-types/${(await ownCopy(owner, 'portrait')).id}`)
      .set(as(owner))
      .expect(204);
    const portrait = await systemType('portrait');
    await buildSessionType(other, { name: 'Shooting corporate B' });
    await buildSessionType(owner, { name: 'Pack studio' });
    await buildSessionType(owner, { name: 'PACK STUDIO ' });

    const csv = [
      'Title,Location,Contact ID,Type de séance',
      `Naissance de Jules,Lyon,${contact.id},  SEANCE Naissance `,
      `Portrait Chloé,Paris,${contact.id},portrait`,
      `Mariage Léa,Annecy,${contact.id},MARIAGE`,
      `Baptême Tom,Lille,${contact.id},Baptême`,
      `Shooting,Nantes,${contact.id},Shooting corporate B`,
      `Sans type,Brest,${contact.id},`,
      `Studio Martin,Tours,${contact.id},pack studio`,
    ].join('\r\n');
    const res = await request(t.app)
      .post('/api/import/sessions')
      .set(as(owner))
      .attach('file', Buffer.from(csv), { filename: 'sessions.csv', contentType: 'text/csv' });
    expect(res.status).toBe(200);
    expect(res.body.mapping).toEqual({
      Title: 'title',
      Location: 'location',
      'Contact ID': 'contact_id',
      'Type de séance': 'session_type',
    });
    expect(res.body).toMatchObject({ imported: 4, skipped: 3, total: 7 });
    expect(res.body.errors).toEqual([
      {
        line: 5,
        message: 'session_type "Baptême" is not one of your session types',
        row: expect.objectContaining({ Title: 'Baptême Tom', 'Type de séance': 'Baptême' }),
      },
      {
        line: 6,
        message: 'session_type "Shooting corporate B" is not one of your session types',
        row: expect.objectContaining({ Title: 'Shooting' }),
      },
      {
        line: 8,
        message: expect.stringMatching(
          /^session_type "pack studio" names 2 of your session types \("(Pack studio|PACK STUDIO)", "(?!\1)(Pack studio|PACK STUDIO)"\): rename all but one$/,
        ),
        row: expect.objectContaining({ Title: 'Studio Martin' }),
      },
    ]);

    const stored = await rows('SELECT id, title FROM sessions WHERE owner_id = $1', [owner.id]);
    const read = async (title: string) => {
      const id = stored.find((s) => s.title === title)?.id;
      return (
        await request(t.app)
          .get(`/api/sessions/${String(id)}`)
          .set(as(owner))
          .expect(200)
      ).body as Record<string, unknown>;
    };
    // The studio's type brings its workflow and questionnaire, as the API does.
    expect(await read('Naissance de Jules')).toMatchObject({
      user_session_type_id: birth.id,
      workflow_id: workflow.id,
      session_info_template_id: template.id,
    });
    // A system type brings its workflow, never a questionnaire.
    expect(await read('Portrait Chloé')).toMatchObject({
      user_session_type_id: portrait.id,
      workflow_id: portrait.default_workflow_id,
      session_info_template_id: null,
    });
    expect((await read('Mariage Léa')).user_session_type_id).toBe(wedding.id);
    expect(await read('Sans type')).toMatchObject({ user_session_type_id: null, workflow_id: null });

    // An export imports back: its "Session Type" column names the same types.
    const exported = await request(t.app)
      .get('/api/export')
      .query({ entity: 'sessions', format: 'csv', fields: 'title,location,session_type' })
      .set(as(owner))
      .expect(200);
    expect(await csvLines(exported.body.url)).toContain('Naissance de Jules,Lyon,Séance naissance');
  });

  it('with updateExisting, a new type sets the type and its workflow; the session keeps its own questionnaire', async () => {
    const owner = await buildUser(t.app);
    const contact = await buildContact(t.app, owner);
    const workflow = (
      await request(t.app).post('/api/workflows').set(as(owner)).send({ name: 'Suivi famille' }).expect(201)
    ).body as { id: string };
    const own = (
      await request(t.app)
        .post('/api/session-info/templates')
        .set(as(owner))
        .send({ name: 'Le mien', fields: [] })
        .expect(201)
    ).body as { id: string };
    const typeTemplate = (
      await request(t.app)
        .post('/api/session-info/templates')
        .set(as(owner))
        .send({ name: 'Du type', fields: [] })
        .expect(201)
    ).body as { id: string };
    const family = await buildSessionType(owner, {
      name: 'Famille en extérieur',
      default_workflow_id: workflow.id,
      default_session_info_template_id: typeTemplate.id,
    });
    const session = await buildSession(t.app, owner, {
      title: 'Famille Dupont',
      location: 'Parc',
      contact_id: contact.id,
      start_date: '2026-12-05T10:00:00.000Z',
      session_info_template_id: own.id,
    });

    const csv = [
      'Title,Location,Contact ID,Start Date,Session Type',
      `Famille Dupont,Parc,${contact.id},2026-12-05 11:00,famille en exterieur`,
    ].join('\n');
    const res = await request(t.app)
      .post('/api/import/sessions')
      .query({ updateExisting: 'true' })
      .set(as(owner))
      .attach('file', Buffer.from(csv), { filename: 'sessions.csv', contentType: 'text/csv' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 1, created: 0, updated: 1, errors: [] });
    const read = (await request(t.app).get(`/api/sessions/${session.id}`).set(as(owner)).expect(200)).body;
    expect(read).toMatchObject({
      user_session_type_id: family.id,
      workflow_id: workflow.id,
      session_info_template_id: own.id,
    });
  });
});
