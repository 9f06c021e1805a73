// Issue 44 §2 through the real stack: members are put on sessions with a role; a photographer
// reaches only their sessions, those sessions' contacts and quotes, and no invoice; a member's
// calendar is their sessions; SESSION_ASSIGNED runs a workflow that emails the second shooter the
// call sheet (read in MailDev), not the client.
import crypto from 'node:crypto';
import request from 'supertest';
import { buildContact } from '../../factories/contacts';
import { buildInvoice } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildSession, type SessionBody } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { download } from '../../helpers/downloads';
import { mailsTo } from '../../helpers/mail';
import { memberOf } from '../../helpers/team-members';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';

let t: TestApp;
let worker: WorkerProcess;
let owner: TestUser;
let lead: TestUser;
let second: TestUser;
let assistant: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('assignments');
  owner = await buildUser(t.app, { name: 'Studio Équipe' });
  // Two photographers of one name: only their ids and addresses tell them apart.
  lead = await memberOf(t.app, t.sequelize, owner, 'photographer');
  second = await memberOf(t.app, t.sequelize, owner, 'photographer');
  assistant = await memberOf(t.app, t.sequelize, owner, 'assistant');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const assign = (by: TestUser, sessionId: string, assignments: { user_id: string; role: string }[]) =>
  request(t.app).put(`/api/sessions/${sessionId}/assignments`).set(as(by)).send({ assignments });

const ids = (items: { id: string }[]) => items.map((i) => i.id).sort();

describe('a session’s members (issue 44 §2)', () => {
  let mine: SessionBody;
  let theirs: SessionBody;
  let myContact: { id: string };
  let otherContact: { id: string };

  beforeAll(async () => {
    myContact = await buildContact(t.app, owner, { first_name: 'Inès' });
    otherContact = await buildContact(t.app, owner, { first_name: 'Hugo' });
    mine = await buildSession(t.app, owner, { title: 'Mariage Inès', contact_id: myContact.id });
    theirs = await buildSession(t.app, owner, { title: 'Mariage Hugo', contact_id: otherContact.id });
  });

  it('puts members on a session with their roles, as the assistant may and a photographer may not', async () => {
    const res = await assign(assistant, mine.id, [
      { user_id: second.id, role: 'second_shooter' },
      { user_id: lead.id, role: 'lead' },
    ]);
    expect(res.status).toBe(200);
    // The lead first, whatever the order given.
    expect(res.body.items).toEqual([
      { user_id: lead.id, role: 'lead', name: 'Member (photographer)', email: lead.email },
      { user_id: second.id, role: 'second_shooter', name: 'Member (photographer)', email: second.email },
    ]);
    const read = await request(t.app).get(`/api/sessions/${mine.id}`).set(as(owner)).expect(200);
    expect(read.body.assigned.map((a: { user_id: string }) => a.user_id)).toEqual([lead.id, second.id]);
    const listed = await request(t.app).get('/api/sessions').set(as(owner)).expect(200);
    const row = listed.body.items.find((s: { id: string }) => s.id === mine.id);
    expect(row.assigned).toEqual(read.body.assigned);

    const refused = await assign(lead, mine.id, [{ user_id: lead.id, role: 'lead' }]);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('forbidden');
  });

  it('refuses two leads, a member twice and someone outside the studio, naming each entry', async () => {
    const stranger = await buildUser(t.app);
    const res = await assign(owner, theirs.id, [
      { user_id: lead.id, role: 'lead' },
      { user_id: second.id, role: 'lead' },
      { user_id: lead.id, role: 'assistant' },
      { user_id: stranger.id, role: 'assistant' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        { path: 'assignments.1.role', message: 'a session has one lead' },
        { path: 'assignments.2.user_id', message: 'assigned twice' },
        { path: 'assignments.3.user_id', message: 'is not a member of the studio' },
      ]),
    );
    // Nothing was written.
    const read = await request(t.app).get(`/api/sessions/${theirs.id}/assignments`).set(as(owner)).expect(200);
    expect(read.body.items).toEqual([]);
    // Another studio's session is not found, whoever is named.
    expect((await assign(stranger, mine.id, [])).status).toBe(404);
  });

  it('lets a photographer reach only their sessions, those sessions’ contacts and quotes, and no invoice', async () => {
    const myQuote = await buildQuote(t.app, owner, { session_id: mine.id, contact_id: myContact.id });
    const otherQuote = await buildQuote(t.app, owner, { session_id: theirs.id, contact_id: otherContact.id });
    const invoice = await buildInvoice(t.app, owner, { session_id: mine.id });

    const sessions = await request(t.app).get('/api/sessions').set(as(lead)).expect(200);
    expect(ids(sessions.body.items)).toEqual([mine.id]);
    expect(sessions.body.total).toBe(1);
    expect((await request(t.app).get(`/api/sessions/${theirs.id}`).set(as(lead))).status).toBe(404);
    expect((await request(t.app).patch(`/api/sessions/${theirs.id}`).set(as(lead)).send({ notes: 'x' })).status).toBe(
      404,
    );
    expect((await request(t.app).get(`/api/sessions/${theirs.id}/roadmap`).set(as(lead))).status).toBe(404);

    const contacts = await request(t.app).get('/api/contacts').set(as(lead)).expect(200);
    expect(ids(contacts.body.items)).toEqual([myContact.id]);
    await request(t.app).get(`/api/contacts/${myContact.id}`).set(as(lead)).expect(200);
    expect((await request(t.app).get(`/api/contacts/${otherContact.id}`).set(as(lead))).status).toBe(404);

    const quotes = await request(t.app).get('/api/quotes').set(as(lead)).expect(200);
    expect(ids(quotes.body.items)).toEqual([myQuote.id]);
    await request(t.app).get(`/api/quotes/${myQuote.id}`).set(as(lead)).expect(200);
    expect((await request(t.app).get(`/api/quotes/${otherQuote.id}`).set(as(lead))).status).toBe(404);
    expect((await request(t.app).get(`/api/sessions/${theirs.id}/quotes-invoices/quotes`).set(as(lead))).status).toBe(
      404,
    );
    // A draft quote on their session, not on another's.
    const draft = await request(t.app)
      .post('/api/quotes')
      .set(as(lead))
      .send({ title: 'Album', session_id: mine.id, contact_id: myContact.id, items: [] });
    expect(draft.status).toBe(201);
    const elsewhere = await request(t.app)
      .post('/api/quotes')
      .set(as(lead))
      .send({ title: 'Album', session_id: theirs.id, items: [] });
    expect(elsewhere.status).toBe(404);

    const invoiceRead = await request(t.app).get(`/api/invoices/${invoice.id}`).set(as(lead));
    expect(invoiceRead.status).toBe(403);
    expect(invoiceRead.body.code).toBe('forbidden');

    // The owner still reaches the whole studio.
    const all = await request(t.app).get('/api/sessions').set(as(owner)).expect(200);
    expect(ids(all.body.items)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it('gives a photographer’s own new session to them as its lead, and a member’s calendar is their sessions', async () => {
    const own = await buildSession(t.app, second, {
      title: 'Portrait Léa',
      start_date: '2027-03-06T14:30:00+01:00',
    });
    expect(own.assigned).toEqual([
      { user_id: second.id, role: 'lead', name: 'Member (photographer)', email: second.email },
    ]);
    await request(t.app).get(`/api/sessions/${own.id}`).set(as(second)).expect(200);
    expect((await request(t.app).get(`/api/sessions/${own.id}`).set(as(lead))).status).toBe(404);

    const calendar = await request(t.app)
      .get('/api/sessions')
      .query({ assigned_to: 'me', from: '2027-03-01T00:00:00Z', to: '2027-04-01T00:00:00Z' })
      .set(as(second))
      .expect(200);
    expect(ids(calendar.body.items)).toEqual([own.id]);
    const ownersView = await request(t.app)
      .get('/api/sessions')
      .query({ assigned_to: second.id })
      .set(as(owner))
      .expect(200);
    expect(ids(ownersView.body.items)).toEqual([mine.id, own.id].sort());
  });

  it('runs a SESSION_ASSIGNED workflow that emails each second shooter the call sheet in their language and on their clock, not the client', async () => {
    const clientEmail = `client-${crypto.randomUUID()}@example.fr`;
    const client = await buildContact(t.app, owner, { first_name: 'Zoé', email: clientEmail });
    const session = await buildSession(t.app, owner, {
      title: 'Mariage Zoé',
      location: 'Domaine des Aulnes',
      contact_id: client.id,
      start_date: '2026-12-12T14:00:00.000Z',
      end_date: '2026-12-12T20:00:00.000Z',
    });
    // A second second shooter, working from Montréal in French.
    const third = await memberOf(t.app, t.sequelize, owner, 'photographer');
    await request(t.app)
      .patch('/api/users/me/preferences')
      .set(as(third))
      .send({ locale: 'fr-FR', time_zone: 'America/Toronto' })
      .expect(200);
    const workflow = await request(t.app)
      .post('/api/workflows')
      .set(as(owner))
      .send({
        name: 'Feuille de route',
        tasks: [
          {
            name: 'Feuille de route',
            task_type: 'AUTOMATIC_EMAIL',
            assignment_role: 'second_shooter',
            actions: [
              {
                action_type: 'AUTOMATIC_EMAIL',
                config: {
                  subject: 'Feuille de route : {{session.title}}',
                  message: 'Rendez-vous au {{session.location}} avec {{contact.first_name}}, {{session.start_date}}.',
                },
              },
            ],
          },
        ],
      })
      .expect(201);
    expect(workflow.body.tasks[0].assignment_role).toBe('second_shooter');
    await request(t.app)
      .post(`/api/workflows/${workflow.body.id}/triggers`)
      .set(as(owner))
      .send({
        name: 'Second shooter',
        trigger_event: 'SESSION_ASSIGNED',
        conditions: {
          operator: 'AND',
          conditions: [{ field: 'assigned.role', operator: 'equals', value: 'second_shooter' }],
        },
      })
      .expect(201);

    // The second shooter reads the studio's messages at an address of their own.
    const inbox = `sheets-${crypto.randomUUID()}@studio.test`;
    const prefs = await request(t.app)
      .patch('/api/users/me/preferences')
      .set(as(second))
      .send({ notification_email: inbox.toUpperCase(), locale: 'en-GB', time_zone: 'Europe/London' })
      .expect(200);
    expect(prefs.body).toMatchObject({ notification_email: inbox, locale: 'en-GB', email: second.email });

    // The lead alone first: the condition does not hold, nothing is sent.
    await assign(owner, session.id, [{ user_id: lead.id, role: 'lead' }]).expect(200);
    await assign(owner, session.id, [
      { user_id: lead.id, role: 'lead' },
      { user_id: second.id, role: 'second_shooter' },
      { user_id: third.id, role: 'second_shooter' },
    ]).expect(200);

    const sheet = await eventually('the call sheet to the second shooter', async () =>
      (await mailsTo(inbox)).find((m) => m.subject === 'Feuille de route : Mariage Zoé'),
    );
    // Each reads the start on their own clock, in their own language: 14:00 in London, 9:00 in Montréal.
    expect(sheet.text).toContain('Rendez-vous au Domaine des Aulnes avec Zoé, Saturday, 12 December 2026 at 14:00.');
    expect(sheet.to).toEqual([expect.objectContaining({ address: inbox })]);
    const theirs = await eventually('the call sheet to the other second shooter', async () =>
      (await mailsTo(third.email)).find((m) => m.subject === 'Feuille de route : Mariage Zoé'),
    );
    expect(theirs.text).toContain('samedi 12 décembre 2026 à 09:00.');
    expect(await mailsTo(lead.email)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ subject: 'Feuille de route : Mariage Zoé' })]),
    );
    expect((await mailsTo(clientEmail)).filter((m) => m.subject.startsWith('Feuille de route'))).toEqual([]);
  });

  it('exports each session’s members in a column per role, by email', async () => {
    const res = await request(t.app)
      .get('/api/export')
      .query({ entity: 'sessions', format: 'csv', fields: 'title,lead,second_shooters,assistants' })
      .set(as(owner))
      .expect(200);
    const lines = (await download(res.body.url)).subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe('Title,Lead,Second Shooters,Assistants');
    expect(lines).toContain(`Mariage Inès,${lead.email},${second.email},`);
    expect(lines).toContain('Mariage Hugo,,,');
    // A photographer does not export the studio.
    const refused = await request(t.app).get('/api/export').query({ entity: 'sessions', format: 'csv' }).set(as(lead));
    expect(refused.status).toBe(403);
  });

  it('imports each session’s members from a column per role, by email, and names a line whose address is no member', async () => {
    const csv = [
      'Title,Location,Contact ID,Lead,Second Shooters,Assistants',
      `Mariage Anaïs,Lyon,${myContact.id},${lead.email.toUpperCase()},${second.email},${assistant.email}`,
      `Mariage Paul,Annecy,${myContact.id},,,`,
      `Mariage Rose,Nice,${myContact.id},nobody@else.example,,`,
      `Mariage Yann,Brest,${myContact.id},${lead.email}; ${second.email},,`,
    ].join('\r\n');
    const res = await request(t.app)
      .post('/api/import/sessions')
      .set(as(owner))
      .attach('file', Buffer.from(csv), { filename: 'sessions.csv', contentType: 'text/csv' });
    expect([res.status, res.body.message]).toEqual([200, undefined]);
    expect(res.body.mapping).toEqual({
      Title: 'title',
      Location: 'location',
      'Contact ID': 'contact_id',
      Lead: 'lead',
      'Second Shooters': 'second_shooters',
      Assistants: 'assistants',
    });
    expect(res.body).toMatchObject({ imported: 2, skipped: 2, total: 4 });
    expect(res.body.errors).toEqual([
      expect.objectContaining({ line: 4, message: 'lead "nobody@else.example" is not a member of the studio' }),
      expect.objectContaining({ line: 5, message: 'lead names one member' }),
    ]);
    const sessions = await request(t.app).get('/api/sessions').query({ limit: 100 }).set(as(owner)).expect(200);
    const byTitle = (title: string) => sessions.body.items.find((s: { title: string }) => s.title === title);
    expect(
      byTitle('Mariage Anaïs').assigned.map((a: { user_id: string; role: string }) => [a.user_id, a.role]),
    ).toEqual([
      [lead.id, 'lead'],
      [second.id, 'second_shooter'],
      [assistant.id, 'assistant'],
    ]);
    expect(byTitle('Mariage Paul').assigned).toEqual([]);
    // The lead sees the imported session as theirs.
    await request(t.app)
      .get(`/api/sessions/${byTitle('Mariage Anaïs').id}`)
      .set(as(lead))
      .expect(200);
  });

  it('takes a removed member off their sessions, which stay the studio’s', async () => {
    const session = await buildSession(t.app, owner, { title: 'Baptême' });
    const leaving = await memberOf(t.app, t.sequelize, owner, 'photographer');
    await assign(owner, session.id, [{ user_id: leaving.id, role: 'lead' }]).expect(200);
    await request(t.app).delete(`/api/team/members/${leaving.id}`).set(as(owner)).expect(204);
    const read = await request(t.app).get(`/api/sessions/${session.id}`).set(as(owner)).expect(200);
    expect(read.body).toMatchObject({ title: 'Baptême', assigned: [] });
  });
});
