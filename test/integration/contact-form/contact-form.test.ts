// The public contact form through the real stack: a visitor in headless Chromium, the api
// in-process, and the real worker relaying FORM_SUBMITTED to the studio's triggers.
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { buildUser, type TestUser } from '../../factories/users';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';
import { as } from '../../helpers/auth';

const execFileAsync = promisify(execFile);
const repoRoot = path.resolve(__dirname, '..', '..', '..');

let t: TestApp;
let worker: WorkerProcess;
beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('contact-form');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

/** A studio with a public slug, set as the studio sets it (PATCH /api/users/me/preferences; typed in capitals, stored lower-case). */
async function studioWithSlug(overrides: Parameters<typeof buildUser>[1] = {}): Promise<TestUser & { slug: string }> {
  const studio = await buildUser(t.app, overrides);
  const slug = `atelier-${crypto.randomUUID().slice(0, 8)}`;
  const res = await request(t.app)
    .patch('/api/users/me/preferences')
    .set(as(studio))
    .send({ tenant_slug: ` ${slug.toUpperCase()} ` });
  if (res.status !== 200 || res.body.tenant_slug !== slug)
    throw new Error(`slug not set: ${res.status} ${JSON.stringify(res.body)}`);
  return { ...studio, slug };
}

type OutboxRow = { event_type: string; entity_type: string; entity_id: string; payload: Record<string, unknown> };
const outboxOf = async (ownerId: string, eventType: string) =>
  (
    await t.sequelize.query(
      'SELECT event_type, entity_type, entity_id, payload FROM outbox_events WHERE owner_id = $1 AND event_type = $2 ORDER BY created_at',
      { bind: [ownerId, eventType] },
    )
  )[0] as OutboxRow[];
const contactsOf = async (studio: TestUser, q: string) =>
  (await request(t.app).get('/api/contacts').query({ q }).set(as(studio)).expect(200)).body.items as {
    id: string;
    email: string;
    first_name: string | null;
  }[];

const post = (app: TestApp['app'], slug: string, form: Record<string, string>) =>
  request(app).post(`/portal/contact/${slug}`).type('form').send(form);

describe('/portal/contact/:tenantSlug', () => {
  let studio: TestUser & { slug: string };
  let workflowId: string;
  let triggerId: string;
  let portraitTriggerId: string;
  beforeAll(async () => {
    studio = await studioWithSlug({ name: 'Atelier Lumière' });
    workflowId = (
      await request(t.app).post('/api/workflows').set(as(studio)).send({ name: 'Nouveaux prospects' }).expect(201)
    ).body.id;
    const trigger = await request(t.app)
      .post(`/api/workflows/${workflowId}/triggers`)
      .set(as(studio))
      .send({
        name: 'Prospect du site',
        trigger_event: 'FORM_SUBMITTED',
        conditions: {
          operator: 'AND',
          conditions: [
            { field: 'email', operator: 'contains', value: '@prospect.example' },
            { field: 'form.message', operator: 'contains', value: 'mariage' },
          ],
        },
      })
      .expect(201);
    expect(trigger.body.evaluated).toBe(true);
    triggerId = trigger.body.id;
    // Its message condition never holds here: nothing is recorded for it.
    portraitTriggerId = (
      await request(t.app)
        .post(`/api/workflows/${workflowId}/triggers`)
        .set(as(studio))
        .send({
          name: 'Portraits',
          trigger_event: 'FORM_SUBMITTED',
          conditions: {
            operator: 'AND',
            conditions: [{ field: 'form.message', operator: 'contains', value: 'portrait' }],
          },
        })
        .expect(201)
    ).body.id;
  });

  it("shows the studio its slug on GET /api/users/me; a slug is one studio's, well formed and not reserved", async () => {
    const me = await request(t.app).get('/api/users/me').set(as(studio)).expect(200);
    expect(me.body.tenant_slug).toBe(studio.slug);
    const other = await buildUser(t.app);
    const taken = await request(t.app)
      .patch('/api/users/me/preferences')
      .set(as(other))
      .send({ tenant_slug: studio.slug });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('tenant_slug_taken');
    for (const bad of ['a', '-studio', 'studio-', 'mon studio', 'api'])
      expect(
        (await request(t.app).patch('/api/users/me/preferences').set(as(other)).send({ tenant_slug: bad })).status,
      ).toBe(400);
    expect(
      (await request(t.app).patch('/api/users/me/preferences').set(as(other)).send({ tenant_slug: null }).expect(200))
        .body.tenant_slug,
    ).toBeNull();
  });

  it("takes a visitor's message in headless Chromium: a contact, FORM_SUBMITTED with the answers, and the trigger evaluated on the contact", async () => {
    const email = `lea-${crypto.randomUUID().slice(0, 8)}@prospect.example`;
    const server = http.createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    let seen: {
      studioName: string;
      labels: string[];
      httpStatus: number;
      status: string | null;
      errors: string[];
      scrollWidth: number;
    };
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/portal/contact/${studio.slug}`;
      const answers = {
        first_name: 'Léa',
        last_name: 'Durand',
        email,
        phone_number: '06 12 34 56 78',
        message: 'Bonjour, un mariage le 12 juin ?',
      };
      const { stdout } = await execFileAsync(
        process.execPath,
        [
          '--import',
          'tsx',
          path.join(repoRoot, 'test/helpers/contact-form-browser.ts'),
          JSON.stringify({ url, chromiumPath: t.config.CHROMIUM_PATH, answers }),
        ],
        { cwd: repoRoot, timeout: 60_000 },
      );
      seen = JSON.parse(stdout.trim().split('\n').pop()!);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // The studio's face and language (French, the studio's default), then the thank-you page.
    expect(seen.studioName).toBe('Atelier Lumière');
    expect(seen.labels.map((l) => l.replace(/\s*\(.*\)$/, ''))).toEqual([
      'Prénom',
      'Nom',
      'E-mail',
      'Téléphone',
      'Message',
    ]);
    expect(seen).toMatchObject({
      httpStatus: 200,
      status: 'Votre message est bien envoyé. Nous vous répondons au plus vite.',
      errors: [],
    });
    expect(seen.scrollWidth).toBeLessThanOrEqual(390);

    const [contact] = await contactsOf(studio, email);
    expect(contact).toMatchObject({ email, first_name: 'Léa', last_name: 'Durand', phone_number: '06 12 34 56 78' });
    expect((await outboxOf(studio.id, 'CONTACT_CREATED')).filter((e) => e.entity_id === contact.id)).toHaveLength(1);
    const submitted = (await outboxOf(studio.id, 'FORM_SUBMITTED')).filter((e) => e.entity_id === contact.id);
    expect(submitted).toEqual([
      {
        event_type: 'FORM_SUBMITTED',
        entity_type: 'CONTACT',
        entity_id: contact.id,
        payload: {
          first_name: 'Léa',
          last_name: 'Durand',
          email,
          phone_number: '06 12 34 56 78',
          message: 'Bonjour, un mariage le 12 juin ?',
          created_contact: true,
        },
      },
    ]);
    // The trigger's condition holds on the contact: evaluated and recorded (SKIPPED: its workflow has no task to run).
    const executions = await eventually('the FORM_SUBMITTED trigger to be evaluated', async () => {
      const rows = (
        await request(t.app)
          .get(`/api/workflows/${workflowId}/triggers/${triggerId}/executions`)
          .set(as(studio))
          .expect(200)
      ).body as { entity_id: string; event_type: string; status: string }[];
      return rows.length ? rows : undefined;
    });
    expect(executions).toEqual([
      expect.objectContaining({
        entity_id: contact.id,
        entity_type: 'CONTACT',
        event_type: 'FORM_SUBMITTED',
        status: 'SKIPPED',
      }),
    ]);
    await eventually('the FORM_SUBMITTED event dispatched', async () => {
      const [rows] = await t.sequelize.query(
        "SELECT count(*)::int AS n FROM outbox_events WHERE entity_id = $1 AND event_type = 'FORM_SUBMITTED' AND dispatched_at IS NOT NULL",
        { bind: [contact.id] },
      );
      return (rows as { n: number }[])[0].n === 1 ? true : undefined;
    });
    expect(
      (
        await request(t.app)
          .get(`/api/workflows/${workflowId}/triggers/${portraitTriggerId}/executions`)
          .set(as(studio))
          .expect(200)
      ).body,
    ).toEqual([]);

    // The same person again, the email in other letters: the same contact, a second FORM_SUBMITTED.
    const again = await post(t.app, studio.slug, {
      first_name: 'Lea',
      email: email.toUpperCase(),
      message: 'Et pour un baptême ?',
    });
    expect(again.status).toBe(200);
    expect(again.text).toContain('Votre message est bien envoyé.');
    expect((await contactsOf(studio, email)).map((c) => c.id)).toEqual([contact.id]);
    const both = (await outboxOf(studio.id, 'FORM_SUBMITTED')).filter((e) => e.entity_id === contact.id);
    expect(both.map((e) => e.payload)).toEqual([
      expect.objectContaining({ created_contact: true }),
      {
        first_name: 'Lea',
        last_name: null,
        email: email.toUpperCase(),
        phone_number: null,
        message: 'Et pour un baptême ?',
        created_contact: false,
      },
    ]);
    // The matched contact keeps what it had.
    expect((await contactsOf(studio, email))[0].first_name).toBe('Léa');
  }, 120_000);

  it('re-renders a refused post with its errors (400), escaped, and records nothing', async () => {
    const refused = await post(t.app, studio.slug, {
      first_name: '<b>Léo</b>',
      email: 'leo-at-example',
      message: '<script>alert(1)</script>',
    });
    expect(refused.status).toBe(400);
    expect(refused.headers['content-type']).toMatch(/text\/html/);
    expect(refused.text).toContain('Adresse e-mail invalide.');
    expect(refused.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(refused.text).toContain('value="&lt;b&gt;Léo&lt;/b&gt;"');
    expect(refused.text).not.toContain('<script>');
    expect(await contactsOf(studio, 'leo-at-example')).toEqual([]);
    const noName = await post(t.app, studio.slug, { email: 'noname@prospect.example' });
    expect(noName.status).toBe(400);
    expect(noName.text).toContain('Indiquez votre prénom ou votre nom.');
  });

  it('thanks a robot that filled the honeypot like anyone, and creates nothing', async () => {
    const email = `robot-${crypto.randomUUID().slice(0, 8)}@prospect.example`;
    const before = (await outboxOf(studio.id, 'FORM_SUBMITTED')).length;
    const res = await post(t.app, studio.slug, {
      first_name: 'Bot',
      email,
      message: 'Buy now',
      website: 'https://spam.example',
    });
    expect(res.status).toBe(200);
    expect(res.text).toContain('Votre message est bien envoyé.');
    expect(await contactsOf(studio, email)).toEqual([]);
    expect(await outboxOf(studio.id, 'FORM_SUBMITTED')).toHaveLength(before);
  });

  it('answers an unknown slug with a 404 page, not a JSON error', async () => {
    for (const res of [
      await request(t.app).get('/portal/contact/no-such-studio-here'),
      await post(t.app, 'no-such-studio-here', { first_name: 'A', email: 'a@b.co' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toContain('Cette page n’existe pas.');
    }
  });

  it("speaks the studio's language: an en-US studio gets English labels", async () => {
    const english = await studioWithSlug({ locale: 'en-US', name: 'Bright Studio' });
    const res = await request(t.app).get(`/portal/contact/${english.slug}`).expect(200);
    expect(res.text).toContain('<html lang="en"');
    expect(res.text).toContain('Bright Studio');
    for (const label of ['First name', 'Last name', 'Email', 'Phone', 'Message', 'Send'])
      expect(res.text).toContain(label);
  });
});

describe('the contact form rate limit', () => {
  it('answers 429 past RATE_LIMIT_CONTACT_FORM posts per address and studio', async () => {
    const studio = await studioWithSlug();
    const app = t.appWith({ RATE_LIMIT_CONTACT_FORM: '2/60' });
    // Refused posts count too: the limit guards the form, whatever is posted.
    expect((await post(app, studio.slug, { email: 'x' })).status).toBe(400);
    expect((await post(app, studio.slug, { email: 'x' })).status).toBe(400);
    const third = await post(app, studio.slug, { email: 'x' });
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect(third.headers['content-type']).toMatch(/text\/html/);
    expect(third.text).toContain('Trop de messages envoyés depuis votre connexion.');
    // Another studio's form from the same address is counted on its own.
    const other = await studioWithSlug();
    expect((await post(app, other.slug, { email: 'x' })).status).toBe(400);
    // Showing the form is not limited.
    await request(app).get(`/portal/contact/${studio.slug}`).expect(200);
  });
});
