// The invitation through the real stack: the api in-process, the real worker sending over SMTP
// to MailDev, and the client answering through the portal page the email links to.
import { execFile } from 'node:child_process';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { buildContact } from '../../factories/contacts';
import { buildSession } from '../../factories/sessions';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { testStackDir } from '../../setup/paths';
import { zipEntryText } from '../../helpers/zip-entry';
import { as } from '../../helpers/auth';
import { mailsTo } from '../../helpers/mail';
import { download } from '../../helpers/downloads';
import { pdfTextAt } from '../../helpers/pdf-text';

const execFileAsync = promisify(execFile);
const repoRoot = path.resolve(__dirname, '..', '..', '..');

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('session-info');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

async function sessionFor(
  owner: TestUser,
  contact: { email?: string | null; first_name?: string },
  withTemplate = true,
) {
  const c = await buildContact(t.app, owner, contact);
  return sessionWithContact(owner, c, withTemplate);
}

async function sessionWithContact(owner: TestUser, c: { id: string }, withTemplate = true) {
  const session = await buildSession(t.app, owner, { title: 'Mariage au domaine', contact_id: c.id });
  if (withTemplate) {
    const template = (
      await request(t.app)
        .post('/api/session-info/templates')
        .set(as(owner))
        .send({
          name: 'Mariage',
          fields: [
            { field_key: 'venue', label: 'Lieu de la cérémonie', field_type: 'TEXT', is_required: true },
            { field_key: 'guests', label: "Nombre d'invités", field_type: 'NUMBER' },
            { field_key: 'style', label: 'Style', field_type: 'SELECT', options: ['Classique', 'Bohème'] },
          ],
        })
        .expect(201)
    ).body as { id: string };
    await request(t.app)
      .put(`/api/sessions/${session.id}/client-info`)
      .set(as(owner))
      .send({ template_id: template.id, responses: { venue: 'À définir' } })
      .expect(200);
  }
  return session;
}

describe('POST /api/sessions/:id/send-session-info-invite', () => {
  it('checks the three preconditions: 404 for another user, 409 without template, 400 without a contact email', async () => {
    const owner = await buildUser(t.app);
    const other = await buildUser(t.app);
    const session = await sessionFor(owner, { email: `a-${crypto.randomUUID()}@example.fr` });
    await request(t.app)
      .post(`/api/sessions/${session.id}/send-session-info-invite`)
      .set(as(other))
      .send({})
      .expect(404);
    const bare = await sessionFor(owner, { email: `b-${crypto.randomUUID()}@example.fr` }, false);
    const noTemplate = await request(t.app)
      .post(`/api/sessions/${bare.id}/send-session-info-invite`)
      .set(as(owner))
      .send({});
    expect(noTemplate.status).toBe(409);
    expect(noTemplate.body.message).toMatch(/template/);
    const noEmail = await sessionFor(owner, { email: null });
    const refused = await request(t.app)
      .post(`/api/sessions/${noEmail.id}/send-session-info-invite`)
      .set(as(owner))
      .send({});
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/email/);
  });

  it('mails one invitation per request key; the client follows the link, answers, and the owner sees the answers; the link then says it was used', async () => {
    const owner = await buildUser(t.app);
    const email = `camille-${crypto.randomUUID()}@example.fr`;
    const session = await sessionFor(owner, { email, first_name: 'Camille' });
    const key = `invite-${crypto.randomUUID()}`;
    const first = await request(t.app)
      .post(`/api/sessions/${session.id}/send-session-info-invite`)
      .set(as(owner))
      .set('Idempotency-Key', key)
      .send({})
      .expect(202);
    const retried = await request(t.app)
      .post(`/api/sessions/${session.id}/send-session-info-invite`)
      .set(as(owner))
      .set('Idempotency-Key', key)
      .send({})
      .expect(202);
    expect(retried.body.jobRunId).toBe(first.body.jobRunId);

    const [mail] = await eventually('the invitation email', async () =>
      (await mailsTo(email)).length > 0 ? mailsTo(email) : undefined,
    );
    expect(mail.subject).toContain('Mariage au domaine');
    expect(mail.text).toContain('Camille');
    const link = /(https?:\/\/\S+\/portal\/session-info\/[\w-]+)/.exec(mail.text)![1];
    const portalPath = new URL(link).pathname;

    // Opening the link (as a mail scanner would, twice) spends nothing: the page offers one button.
    for (let i = 0; i < 2; i++) {
      const opened = await request(t.app).get(portalPath).expect(200);
      expect(opened.text).toContain('Mariage au domaine');
      expect(opened.text).toContain(`<form method="post" action="${portalPath}">`);
      expect(opened.text).not.toContain('Lieu de la cérémonie');
    }
    const page = await request(t.app).post(portalPath).expect(200);
    expect(page.text).toContain('Lieu de la cérémonie');
    expect(page.text).toMatch(/<input type="number"[^>]*name="guests"/);
    expect(page.text).toContain('value="À définir"');
    const token = /name="client_token" value="([^"]+)"/.exec(page.text)![1];

    const wrong = await request(t.app)
      .post('/portal/session-info')
      .type('form')
      .send({ client_token: token, session_id: session.id, venue: '', guests: 'beaucoup', style: 'Bohème' });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toMatch(/id="e_venue">Ce champ est obligatoire/);
    expect(wrong.text).toMatch(/id="e_guests">Indiquez un nombre/);

    const ok = await request(t.app)
      .post('/portal/session-info')
      .type('form')
      .send({
        client_token: token,
        session_id: session.id,
        venue: 'Domaine des Oliviers',
        guests: '85',
        style: 'Bohème',
      })
      .expect(200);
    expect(ok.text).toContain('Vos réponses sont enregistrées');
    expect(ok.text).toContain('value="Domaine des Oliviers"');

    const seen = await request(t.app).get(`/api/sessions/${session.id}/client-info`).set(as(owner)).expect(200);
    expect(seen.body).toMatchObject({
      submitted_via: 'CLIENT_PORTAL',
      responses: { venue: 'Domaine des Oliviers', guests: 85, style: 'Bohème' },
    });

    // The link was spent by the button: opening it again, or pressing the button again, says so.
    for (const used of [await request(t.app).get(portalPath), await request(t.app).post(portalPath)]) {
      expect(used.status).toBe(410);
      expect(used.text).toContain('déjà servi');
    }
    expect((await mailsTo(email)).length).toBe(1);

    // The answers in the roadmap: the pdf's text and the docx's XML, label then answer.
    const pdfLink = await request(t.app)
      .get(`/api/sessions/${session.id}/roadmap`)
      .query({ format: 'pdf' })
      .set(as(owner))
      .expect(200);
    const text = await pdfTextAt(pdfLink.body.url, { keepAs: path.join(testStackDir, `roadmap-${session.id}.pdf`) });
    expect(text).toContain('Informations du client');
    expect(text).toMatch(/Lieu de la cérémonie\s+Domaine des Oliviers/);
    expect(text).toMatch(/Nombre d'invités\s+85/);
    const docxLink = await request(t.app)
      .get(`/api/sessions/${session.id}/roadmap`)
      .query({ format: 'docx' })
      .set(as(owner))
      .expect(200);
    const docxFile = path.join(testStackDir, `roadmap-${session.id}.docx`);
    fs.writeFileSync(docxFile, await download(docxLink.body.url));
    const xml = await zipEntryText(docxFile, 'word/document.xml');
    expect(xml.indexOf('Informations du client')).toBeGreaterThan(0);
    expect(xml.indexOf('Lieu de la cérémonie')).toBeLessThan(xml.indexOf('Domaine des Oliviers'));
    expect(xml).toContain('85');
    const stranger = await buildUser(t.app);
    await request(t.app).get(`/api/sessions/${session.id}/roadmap`).set(as(stranger)).expect(404);
  });

  it('works in a real browser on a phone-sized screen: the client follows the mailed link, fills the form and submits it', async () => {
    const owner = await buildUser(t.app);
    const email = `ines-${crypto.randomUUID()}@example.fr`;
    const session = await sessionFor(owner, { email, first_name: 'Inès' });
    await request(t.app)
      .post(`/api/sessions/${session.id}/send-session-info-invite`)
      .set(as(owner))
      .send({})
      .expect(202);
    const [mail] = await eventually('the invitation email', async () =>
      (await mailsTo(email)).length > 0 ? mailsTo(email) : undefined,
    );
    const link = new URL(/(https?:\/\/\S+\/portal\/session-info\/[\w-]+)/.exec(mail.text)![1]);

    // The link names the app host; in the test, the app is this process: same path, its address.
    const server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const screenshot = path.join(testStackDir, `portal-form-${session.id}.png`);
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${link.pathname}`;
      const answers = { venue: 'Château de Joux', guests: '120', style: 'Classique' };
      const { stdout } = await execFileAsync(
        path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
        [
          path.join(repoRoot, 'test/helpers/portal-browser.ts'),
          JSON.stringify({ url, chromiumPath: t.config.CHROMIUM_PATH, answers, screenshot }),
        ],
        { cwd: repoRoot, timeout: 60_000 },
      );
      const seen = JSON.parse(stdout.trim().split('\n').pop()!) as { status: string; scrollWidth: number };
      expect(seen.status).toBe('Vos réponses sont enregistrées. Merci !');
      // Nothing wider than the phone's screen: no sideways scrolling.
      expect(seen.scrollWidth).toBeLessThanOrEqual(390);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(fs.statSync(screenshot).size).toBeGreaterThan(5_000);
    // The picture in docs/session-info.md comes from this run: `UPDATE_DOC_SCREENSHOTS=1` refreshes it.
    if (process.env.UPDATE_DOC_SCREENSHOTS === '1')
      fs.copyFileSync(screenshot, path.join(repoRoot, 'docs', 'images', 'session-info-portal.png'));
    const saved = await request(t.app).get(`/api/sessions/${session.id}/client-info`).set(as(owner)).expect(200);
    expect(saved.body).toMatchObject({
      submitted_via: 'CLIENT_PORTAL',
      responses: { venue: 'Château de Joux', guests: 120, style: 'Classique' },
    });
    const pdfLink = await request(t.app)
      .get(`/api/sessions/${session.id}/roadmap`)
      .query({ format: 'pdf' })
      .set(as(owner))
      .expect(200);
    const keepAs = path.join(testStackDir, `roadmap-browser-${session.id}.pdf`);
    expect(await pdfTextAt(pdfLink.body.url, { keepAs })).toMatch(/Lieu de la cérémonie\s+Château de Joux/);
  }, 120_000);

  it('invites the first session contact with an email when the main contact has none, and that contact answers through the portal', async () => {
    const owner = await buildUser(t.app);
    const bride = await buildContact(t.app, owner, { first_name: 'Camille', email: null });
    const session = await sessionWithContact(owner, bride);
    const mother = await buildContact(t.app, owner, { first_name: 'Hélène', email: null });
    const groomEmail = `leo-${crypto.randomUUID()}@example.fr`;
    const groom = await buildContact(t.app, owner, { first_name: 'Léo', email: groomEmail });
    // Nobody to write to yet: the main contact has no email, and no one else is attached.
    expect(
      (await request(t.app).post(`/api/sessions/${session.id}/send-session-info-invite`).set(as(owner)).send({}))
        .status,
    ).toBe(400);
    await request(t.app)
      .post(`/api/sessions/${session.id}/contacts`)
      .set(as(owner))
      .send({ contact_id: mother.id, role: 'parent' })
      .expect(201);
    await request(t.app)
      .post(`/api/sessions/${session.id}/contacts`)
      .set(as(owner))
      .send({ contact_id: groom.id, role: 'groom' })
      .expect(201);

    await request(t.app)
      .post(`/api/sessions/${session.id}/send-session-info-invite`)
      .set(as(owner))
      .send({})
      .expect(202);
    const [mail] = await eventually('the invitation to the groom', async () =>
      (await mailsTo(groomEmail)).length > 0 ? mailsTo(groomEmail) : undefined,
    );
    expect(mail.text).toContain('Léo');
    const portalPath = new URL(/(https?:\/\/\S+\/portal\/session-info\/[\w-]+)/.exec(mail.text)![1]).pathname;
    const page = await request(t.app).post(portalPath).expect(200);
    const token = /name="client_token" value="([^"]+)"/.exec(page.text)![1];
    await request(t.app)
      .post('/portal/session-info')
      .type('form')
      .send({
        client_token: token,
        session_id: session.id,
        venue: 'Mairie de Lourmarin',
        guests: '60',
        style: 'Classique',
      })
      .expect(200);
    const seen = await request(t.app).get(`/api/sessions/${session.id}/client-info`).set(as(owner)).expect(200);
    expect(seen.body).toMatchObject({
      submitted_via: 'CLIENT_PORTAL',
      responses: { venue: 'Mairie de Lourmarin', guests: 60 },
    });
  });
});
