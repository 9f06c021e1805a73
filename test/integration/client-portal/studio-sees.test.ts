// What the studio sees of its client's steps (issue 31 §5), through HTTP against the real stack:
// each step arrives over Socket.IO to the studio app as it happens, and is an event triggers match
// (a workflow on "quote signed" emails a welcome to the client).
import crypto from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { buildBillableContact } from '../../factories/contacts';
import { saveStudioProfile } from '../../factories/invoices';
import { buildQuote } from '../../factories/quotes';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { mailsTo } from '../../helpers/mail';
import { asClient, clientTokenFrom, portalTokenIn } from '../../helpers/portal-links';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';

let t: TestApp;
let studio: TestUser;
let worker: WorkerProcess;
let socket: Socket | undefined;
beforeAll(async () => {
  t = await startTestApp({ listen: true });
  studio = await buildUser(t.app);
  await saveStudioProfile(t.app, studio);
  worker = await startMainWorker('studio-sees');
}, 240_000);
afterAll(async () => {
  socket?.disconnect();
  await worker?.stop();
  await t.close();
});

type Activity = { event: string; entity_type: string; entity_id: string; occurred_at: string };

describe('the studio sees its client’s steps', () => {
  it('pushes viewed, signed and declined over Socket.IO, and a workflow on QUOTE_SIGNED sends the welcome email', async () => {
    socket = connect(t.baseUrl!, { auth: { token: studio.token }, transports: ['websocket'] });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    const seen: Activity[] = [];
    socket.on('client.activity', (a: Activity) => seen.push(a));

    const workflow = await request(t.app)
      .post('/api/workflows')
      .set(as(studio))
      .send({
        name: 'Bienvenue',
        tasks: [
          {
            name: 'Bienvenue',
            task_type: 'AUTOMATIC_EMAIL',
            actions: [
              {
                action_type: 'AUTOMATIC_EMAIL',
                config: {
                  subject: 'Bienvenue {{contact.first_name}}',
                  message: 'Merci pour votre confiance : {{quote.title}}.',
                },
              },
            ],
          },
        ],
      })
      .expect(201);
    await request(t.app)
      .post(`/api/workflows/${workflow.body.id}/triggers`)
      .set(as(studio))
      .send({ name: 'Devis signé', trigger_event: 'QUOTE_SIGNED' })
      .expect(201);

    const email = `lina-${crypto.randomUUID()}@example.fr`;
    const contact = await buildBillableContact(t.app, studio, { first_name: 'Lina', email });
    const quote = await buildQuote(t.app, studio, { title: 'Portraits de famille', contact_id: contact.id });
    await request(t.app).post(`/api/quotes/${quote.id}/send-email`).set(as(studio)).send({}).expect(202);
    const mail = await eventually('the quote email', async () => (await mailsTo(email))[0]);
    const client = await clientTokenFrom(t.app, portalTokenIn(mail)!);

    const read = await request(t.app)
      .get(`/api/client-accounts/me/quotes/${quote.id}`)
      .set(asClient(client))
      .expect(200);
    await request(t.app)
      .post(`/api/client-accounts/me/quotes/${quote.id}/sign`)
      .set(asClient(client))
      .send({ signer_name: 'Lina Martin', consent: true, version: read.body.version })
      .expect(201);

    const forQuote = await eventually('viewed and signed on the socket', async () => {
      const events = seen.filter((a) => a.entity_id === quote.id).map((a) => a.event);
      return events.includes('QUOTE_VIEWED') && events.includes('QUOTE_SIGNED') ? events : undefined;
    });
    expect(forQuote.indexOf('QUOTE_VIEWED')).toBeLessThan(forQuote.indexOf('QUOTE_SIGNED'));
    expect(seen.find((a) => a.event === 'QUOTE_SIGNED')).toMatchObject({
      entity_type: 'QUOTE',
      occurred_at: expect.any(String),
    });

    const welcome = await eventually('the welcome email', async () =>
      (await mailsTo(email)).find((m) => m.subject === 'Bienvenue Lina'),
    );
    expect(welcome.text).toContain('Merci pour votre confiance : Portraits de famille.');

    // Another quote, declined: the studio hears of it too; the signed-quote workflow does not run for it.
    const second = await buildQuote(t.app, studio, { title: 'Mariage', contact_id: contact.id });
    await request(t.app).post(`/api/quotes/${second.id}/send-email`).set(as(studio)).send({}).expect(202);
    await eventually('the quote sent', async () => {
      const q = await request(t.app).get(`/api/quotes/${second.id}`).set(as(studio));
      return q.body.status === 'SENT' || undefined;
    });
    await request(t.app)
      .post(`/api/client-accounts/me/quotes/${second.id}/decline`)
      .set(asClient(client))
      .send({})
      .expect(200);
    await eventually('declined on the socket', async () =>
      seen.find((a) => a.entity_id === second.id && a.event === 'QUOTE_DECLINED'),
    );
    expect((await mailsTo(email)).filter((m) => m.subject === 'Bienvenue Lina')).toHaveLength(1);
  }, 120_000);
});
