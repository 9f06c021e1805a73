// Issue 44 §1 through the real stack: the owner invites by email (the worker sends it to MailDev),
// the invitee joins from the email's link, and the team is listed, resent, revoked, removed and
// handed over, each as the studio, the member and the invitee see it.
import crypto from 'node:crypto';
import request from 'supertest';
import { buildContact } from '../../factories/contacts';
import { buildInvoice } from '../../factories/invoices';
import { buildUser, type TestUser } from '../../factories/users';
import { as } from '../../helpers/auth';
import { mailsTo } from '../../helpers/mail';
import { sqlOn } from '../../helpers/sql';
import { memberOf } from '../../helpers/team-members';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { eventually, startMainWorker, type WorkerProcess } from '../../helpers/worker-process';

let t: TestApp;
let worker: WorkerProcess;
const sql = sqlOn(() => t.sequelize);
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  t = await startTestApp();
  worker = await startMainWorker('teams');
}, 240_000);
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

const newAddress = () => `member-${crypto.randomUUID()}@studio.test`;

/** The link of the `n`th invitation email `address` received (1-based), once it has come. */
/**
 * The link's token in the `n`-th invitation email to `address`, or in the one from the studio
 * named `n` (invitations are sent by a job each: two studios' emails arrive in either order).
 */
async function invitationToken(address: string, n: number | string = 1): Promise<string> {
  const mail = await eventually(`invitation email ${n} to ${address}`, async () => {
    const all = await mailsTo(address);
    return typeof n === 'string' ? all.find((m) => m.subject.includes(n)) : all[n - 1];
  });
  const match = /\/join\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no link in ${mail.text}`);
  return match[1];
}

async function invite(owner: TestUser, email: string, role: string) {
  const res = await request(t.app).post('/api/team/invitations').set(as(owner)).send({ email, role });
  expect(res.status).toBe(201);
  return res.body as { invitation: { id: string; status: string }; jobRunId: string };
}

const accept = (token: string, password = PASSWORD, name = 'Camille Second') =>
  request(t.app).post('/api/team/invitations/accept').send({ token, password, name });

describe('invitations (issue 44 §1)', () => {
  it('invites by email, and the invitee joins from the link with the role, once', async () => {
    const owner = await buildUser(t.app, { name: 'Studio Équipe' });
    const email = newAddress();
    const sent = await invite(owner, email, 'photographer');
    expect(sent.invitation).toMatchObject({ status: 'pending' });

    const token = await invitationToken(email);
    const mail = (await mailsTo(email))[0];
    expect(mail.subject).toContain('Studio Équipe');
    expect(mail.text).toContain('photographe');

    const joined = await accept(token);
    expect(joined.status).toBe(200);
    expect(joined.body.user).toMatchObject({ email, org_id: owner.id });
    const member = { token: joined.body.accessToken as string };

    // The studio and the member read the same team.
    const seenByOwner = await request(t.app).get('/api/team/members').set(as(owner)).expect(200);
    const seenByMember = await request(t.app).get('/api/team/members').set(as(member)).expect(200);
    expect(seenByMember.body).toEqual(seenByOwner.body);
    expect(seenByOwner.body.items.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [email, 'photographer'],
    ]);
    const listed = await request(t.app).get('/api/team/invitations').set(as(owner)).expect(200);
    expect(listed.body.items[0]).toMatchObject({ id: sent.invitation.id, status: 'accepted' });

    // The photographer reads the studio's sessions, not its invoices; the link is spent.
    await request(t.app).get('/api/sessions').set(as(member)).expect(200);
    const invoices = await request(t.app).get('/api/invoices').set(as(member));
    expect(invoices.status).toBe(403);
    expect(invoices.body.code).toBe('forbidden');
    expect((await accept(token)).status).toBe(404);
  }, 120_000);

  it('resends with a new link that replaces the old one, and a revoked or expired link joins no one', async () => {
    const owner = await buildUser(t.app);
    const email = newAddress();
    const sent = await invite(owner, email, 'assistant');
    const first = await invitationToken(email, 1);
    await request(t.app).post(`/api/team/invitations/${sent.invitation.id}/resend`).set(as(owner)).expect(202);
    const second = await invitationToken(email, 2);
    expect(second).not.toBe(first);
    await eventually('the second link recorded', async () => (await accept(first)).status === 404);

    // A second invitation to the same address waits on the first.
    const again = await request(t.app).post('/api/team/invitations').set(as(owner)).send({ email, role: 'admin' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'invitation_pending', details: { id: sent.invitation.id } });

    await request(t.app).delete(`/api/team/invitations/${sent.invitation.id}`).set(as(owner)).expect(204);
    const revoked = await accept(second);
    expect(revoked.status).toBe(409);
    expect(revoked.body).toMatchObject({ code: 'invitation_closed', details: { status: 'revoked' } });

    const late = newAddress();
    const lateSent = await invite(owner, late, 'bookkeeper');
    const lateToken = await invitationToken(late);
    await sql(`UPDATE team_invitations SET expires_at = now() - interval '1 minute' WHERE id = $1`, [
      lateSent.invitation.id,
    ]);
    const expired = await accept(lateToken);
    expect(expired.status).toBe(409);
    expect(expired.body.details).toEqual({ status: 'expired' });
    const listed = await request(t.app).get('/api/team/invitations').set(as(owner)).expect(200);
    expect(listed.body.items.map((i: { email: string; status: string }) => [i.email, i.status])).toEqual([
      [late, 'expired'],
      [email, 'revoked'],
    ]);
  }, 120_000);

  it('keeps two studios apart when one person with one address is invited by both', async () => {
    const a = await buildUser(t.app, { name: 'Studio A' });
    const b = await buildUser(t.app, { name: 'Studio B' });
    const contactOfA = await buildContact(t.app, a, { first_name: 'Alice', last_name: 'Martin' });
    await buildContact(t.app, b, { first_name: 'Alice', last_name: 'Martin' });
    const email = newAddress();
    await invite(a, email, 'assistant');
    await invite(b, email, 'assistant');

    const inA = await accept(await invitationToken(email, 'Studio A'));
    expect(inA.status).toBe(200);
    // The same person joins B by signing in: a wrong password is refused as a failed login.
    const tokenB = await invitationToken(email, 'Studio B');
    expect((await accept(tokenB, 'not the password at all')).status).toBe(401);
    const inB = await accept(tokenB);
    expect(inB.status).toBe(200);
    expect(inB.body.user.id).toBe(inA.body.user.id);

    const member = { token: inB.body.accessToken as string };
    const contacts = await request(t.app).get('/api/contacts').set(as(member)).expect(200);
    expect(contacts.body.total).toBe(1);
    expect(contacts.body.items[0].id).not.toBe(contactOfA.id);
    await request(t.app).get(`/api/contacts/${contactOfA.id}`).set(as(member)).expect(404);

    // They act in one studio at a time, and switch to the other when they choose.
    const studios = await request(t.app).get('/api/users/me/studios').set(as(member)).expect(200);
    expect(studios.body.items.map((s: { org_id: string; current: boolean }) => [s.org_id, s.current])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    await request(t.app).put('/api/users/me/studio').set(as(member)).send({ org_id: a.id }).expect(200);
    await request(t.app).get(`/api/contacts/${contactOfA.id}`).set(as(member)).expect(200);
    // A studio they are not a member of is not found.
    const stranger = await buildUser(t.app);
    expect(
      (await request(t.app).put('/api/users/me/studio').set(as(member)).send({ org_id: stranger.id })).status,
    ).toBe(404);
  }, 120_000);
});

describe('members (issue 44 §1)', () => {
  it("stops a removed member's sign-in to the studio at once, and keeps what they made", async () => {
    const owner = await buildUser(t.app);
    const email = newAddress();
    await invite(owner, email, 'assistant');
    const joined = await accept(await invitationToken(email));
    const assistant = { id: joined.body.user.id as string, token: joined.body.accessToken as string };
    const made = await buildContact(t.app, assistant, { first_name: 'Made', last_name: 'ByAssistant' });
    // Someone who also has a studio of their own goes back to it.
    const elsewhere = await memberOf(t.app, t.sequelize, owner, 'bookkeeper');
    await request(t.app).get(`/api/contacts/${made.id}`).set(as(elsewhere)).expect(200);

    const refused = await request(t.app).delete(`/api/team/members/${owner.id}`).set(as(owner));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('owner_not_removable');
    // An assistant may not remove anyone.
    expect((await request(t.app).delete(`/api/team/members/${elsewhere.id}`).set(as(assistant))).status).toBe(403);

    await request(t.app).delete(`/api/team/members/${assistant.id}`).set(as(owner)).expect(204);
    await request(t.app).delete(`/api/team/members/${elsewhere.id}`).set(as(owner)).expect(204);
    expect((await request(t.app).get('/api/contacts').set(as(assistant))).status).toBe(401);
    await request(t.app).get(`/api/contacts/${made.id}`).set(as(elsewhere)).expect(404);
    await request(t.app).get(`/api/contacts/${made.id}`).set(as(owner)).expect(200);
    const team = await request(t.app).get('/api/team/members').set(as(owner)).expect(200);
    expect(team.body.items.map((m: { user_id: string }) => m.user_id)).toEqual([owner.id]);
  }, 120_000);

  it('hands the studio over: the new owner may, the old owner is an admin who may not', async () => {
    const owner = await buildUser(t.app);
    const admin = await memberOf(t.app, t.sequelize, owner, 'admin');
    expect((await request(t.app).post('/api/team/ownership').set(as(admin)).send({ user_id: admin.id })).status).toBe(
      403,
    );

    const handed = await request(t.app).post('/api/team/ownership').set(as(owner)).send({ user_id: admin.id });
    expect(handed.status).toBe(200);
    expect(handed.body.items.map((m: { user_id: string; role: string }) => [m.user_id, m.role])).toEqual([
      [admin.id, 'owner'],
      [owner.id, 'admin'],
    ]);
    expect((await request(t.app).post('/api/team/ownership').set(as(owner)).send({ user_id: owner.id })).status).toBe(
      403,
    );
    // The studio's data stays where it was, read by both.
    await request(t.app).get('/api/contacts').set(as(owner)).expect(200);
    await request(t.app).get('/api/contacts').set(as(admin)).expect(200);
  });

  it("keeps the studio's zone and language the studio's when its founder changes theirs, hands it over and leaves", async () => {
    const founder = await buildUser(t.app, { time_zone: 'Europe/Paris' });
    const admin = await memberOf(t.app, t.sequelize, founder, 'admin');
    const photographer = await memberOf(t.app, t.sequelize, founder, 'photographer');
    const me = async (member: TestUser) => (await request(t.app).get('/api/users/me').set(as(member)).expect(200)).body;
    expect(await me(founder)).toMatchObject({
      time_zone: 'Europe/Paris',
      studio_time_zone: 'Europe/Paris',
      studio_locale: 'fr-FR',
    });

    // The founder moves to another clock and language: theirs only.
    const own = await request(t.app)
      .patch('/api/users/me/preferences')
      .set(as(founder))
      .send({ time_zone: 'Pacific/Kiritimati', locale: 'en-GB' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      time_zone: 'Pacific/Kiritimati',
      locale: 'en-GB',
      studio_time_zone: 'Europe/Paris',
      studio_locale: 'fr-FR',
    });

    // The studio's are set by an owner or admin, for everyone; a photographer may not.
    const refused = await request(t.app)
      .patch('/api/users/me/preferences')
      .set(as(photographer))
      .send({ studio_time_zone: 'Asia/Tokyo' });
    expect(refused.status).toBe(403);
    await request(t.app)
      .patch('/api/users/me/preferences')
      .set(as(admin))
      .send({ studio_time_zone: 'America/Toronto', studio_locale: 'fr-CA', studio_csv_dialect: 'excel-fr' })
      .expect(200);
    for (const member of [founder, admin, photographer])
      expect(await me(member)).toMatchObject({
        studio_time_zone: 'America/Toronto',
        studio_locale: 'fr-CA',
        studio_csv_dialect: 'excel-fr',
      });
    expect((await me(founder)).time_zone).toBe('Pacific/Kiritimati');
    expect((await me(admin)).time_zone).toBe('Europe/Paris');

    // Handed over and gone, the founder takes none of it: the studio keeps its settings.
    await request(t.app).post('/api/team/ownership').set(as(founder)).send({ user_id: admin.id }).expect(200);
    await request(t.app).delete(`/api/team/members/${founder.id}`).set(as(admin)).expect(204);
    expect(await me(admin)).toMatchObject({ studio_time_zone: 'America/Toronto', studio_locale: 'fr-CA' });
    expect((await request(t.app).get('/api/users/me').set(as(founder))).status).toBe(401);
  });

  it('lets a bookkeeper record a payment and export the FEC, but not erase a contact', async () => {
    const owner = await buildUser(t.app);
    const invoice = await buildInvoice(t.app, owner, { issued: true });
    const bookkeeper = await memberOf(t.app, t.sequelize, owner, 'bookkeeper');

    const paid = await request(t.app)
      .post(`/api/invoices/${invoice.id}/payments`)
      .set(as(bookkeeper))
      .send({ amount: invoice.balance_due, method: 'bank_transfer' });
    expect(paid.status).toBe(201);
    const seen = await request(t.app).get(`/api/invoices/${invoice.id}`).set(as(owner)).expect(200);
    expect(seen.body).toMatchObject({ payment_status: 'PAID', balance_due: '0.00' });

    const today = new Date().toISOString().slice(0, 10);
    const fec = await request(t.app)
      .get('/api/accounting/export')
      .query({ from: `${today.slice(0, 4)}-01-01`, to: today, format: 'fec' })
      .set(as(bookkeeper));
    expect(fec.status).toBe(200);
    expect(fec.body.filename).toMatch(/FEC\d{8}\.txt$/);

    const erase = await request(t.app).post(`/api/contacts/${invoice.contact_id}/erase`).set(as(bookkeeper));
    expect(erase.status).toBe(403);
    expect(erase.body.code).toBe('forbidden');

    // The audit log names who acted: the owner issued it, the bookkeeper recorded the payment and
    // issues the next one; every row is the studio's.
    const draft = await buildInvoice(t.app, owner);
    await request(t.app).post(`/api/invoices/${draft.id}/issue`).set(as(bookkeeper)).expect(200);
    const audit = await sql<{ entity_id: string; actor_id: string; resource_owner_id: string; metadata: object }>(
      `SELECT entity_id, actor_id, resource_owner_id, metadata FROM audit_logs
        WHERE entity_id = ANY($1::uuid[]) AND action = 'UPDATE' ORDER BY created_at`,
      [[invoice.id, draft.id]],
    );
    const actors = (id: string) => audit.filter((a) => a.entity_id === id).map((a) => a.actor_id);
    expect(actors(invoice.id)[0]).toBe(owner.id);
    expect(actors(invoice.id).slice(1)).toEqual(expect.arrayContaining([bookkeeper.id]));
    expect(actors(draft.id)).toEqual([bookkeeper.id]);
    expect(new Set(audit.map((a) => a.resource_owner_id))).toEqual(new Set([owner.id]));
  });

  it("keeps a member's own settings theirs and the studio's the studio's", async () => {
    const owner = await buildUser(t.app, { time_zone: 'Europe/Paris' });
    const admin = await memberOf(t.app, t.sequelize, owner, 'admin');
    const photographer = await memberOf(t.app, t.sequelize, owner, 'photographer');

    const own = await request(t.app)
      .patch('/api/users/me/preferences')
      .set(as(photographer))
      .send({ time_zone: 'America/Toronto', locale: 'fr-CA', csv_dialect: 'excel-fr' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ time_zone: 'America/Toronto', locale: 'fr-CA', csv_dialect: 'excel-fr' });
    // The studio's zone is untouched.
    expect((await request(t.app).get('/api/users/me').set(as(owner)).expect(200)).body.time_zone).toBe('Europe/Paris');

    // The studio's address and country are the studio's: a photographer may not set them, an admin sets them for all.
    const slug = `studio-${crypto.randomUUID().slice(0, 8)}`;
    const refused = await request(t.app)
      .patch('/api/users/me/preferences')
      .set(as(photographer))
      .send({ tenant_slug: slug, time_zone: 'Asia/Tokyo' });
    expect(refused.status).toBe(403);
    expect((await request(t.app).get('/api/users/me').set(as(photographer))).body.time_zone).toBe('America/Toronto');
    await request(t.app)
      .patch('/api/users/me/preferences')
      .set(as(admin))
      .send({ tenant_slug: slug, country: 'CA' })
      .expect(200);
    for (const member of [owner, admin, photographer])
      expect((await request(t.app).get('/api/users/me').set(as(member)).expect(200)).body).toMatchObject({
        tenant_slug: slug,
        country: 'CA',
      });

    // The logo an admin uploads is the studio's, on every member's profile; an avatar stays its member's.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await request(t.app)
      .put('/api/users/me/logo')
      .set(as(admin))
      .attach('file', png, { filename: 'logo.png', contentType: 'image/png' })
      .expect(200);
    const ownerView = (await request(t.app).get('/api/users/me').set(as(owner)).expect(200)).body;
    expect(ownerView.logo?.key).toMatch(new RegExp(`^logos/${owner.id}/`));
    expect((await request(t.app).get('/api/users/me').set(as(admin))).body).toMatchObject({
      logo: { key: ownerView.logo.key },
      avatar: null,
    });
  });
});
