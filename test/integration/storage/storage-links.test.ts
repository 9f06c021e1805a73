// Signed links through HTTP against the real stack: each of the spec's ownership rules grants a
// link that downloads the file; everything else is the same 404; unsafe keys are 400.
import crypto from 'node:crypto';
import request from 'supertest';
import { createS3Client } from '../../../lib/s3';
import { buildContact } from '../../factories/contacts';
import { buildUser, type TestUser } from '../../factories/users';
import { putObject } from '../../helpers/stored-objects';
import { memberOf } from '../../helpers/team-members';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';

let t: TestApp;
let s3: ReturnType<typeof createS3Client>;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  s3 = createS3Client(t.config);
  [owner, stranger] = await Promise.all([buildUser(t.app), buildUser(t.app)]);
});
afterAll(async () => {
  s3.destroy();
  await t.close();
});

const bucket = () => t.config.S3_BUCKET;
const orgOf = (u: TestUser) => (u.body.user as { org_id: string }).org_id;
const link = (u: TestUser, key: string, query: Record<string, string | number> = {}) =>
  request(t.app).get(`/api/storage/signed-url/${key}`).query(query).set(as(u));

/** Downloads a signed link as a browser would (no credentials but the link). */
async function download(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
}

async function insertFileObject(u: TestUser, key: string, extra: Record<string, unknown> = {}): Promise<string> {
  const [rows] = await t.sequelize.query(
    `INSERT INTO file_objects (org_id, bucket, key, content_type, size_bytes, entity_type, created_by)
     VALUES ($1, $2, $3, 'application/pdf', 10, $4, $5) RETURNING id`,
    { bind: [orgOf(u), bucket(), key, extra.entity_type ?? null, extra.created_by ?? null] },
  );
  return (rows as { id: string }[])[0].id;
}

describe('GET /api/storage/signed-url/:key', () => {
  it('signs the user id key pattern for S3_PUBLIC_ENDPOINT, and the link downloads the file', async () => {
    const key = `exports/${owner.id}/contacts-été.csv`;
    await putObject(s3, bucket(), key, 'Prénom;Nom\nÉlodie;Martin\n');
    const res = await link(owner, key);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: expect.any(String), key, expiration: 900 });
    const publicBase = new URL(t.config.S3_PUBLIC_ENDPOINT ?? t.config.S3_ENDPOINT);
    expect(new URL(res.body.url).host).toBe(publicBase.host);
    expect(await download(res.body.url)).toEqual({ status: 200, text: 'Prénom;Nom\nÉlodie;Martin\n' });
  });

  it("refuses another user's key with the same 404 as a key that does not exist", async () => {
    const key = `exports/${owner.id}/private.csv`;
    await putObject(s3, bucket(), key);
    const theirs = await link(stranger, key);
    const missing = await link(stranger, `exports/${stranger.id.slice(0, 8)}/nothing-here.csv`);
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(theirs.body.message).toBe(missing.body.message);
    expect(theirs.body.url).toBeUndefined();
    // The user id as part of a longer segment is not the key pattern.
    await putObject(s3, bucket(), `exports/${stranger.id}-copy/x.csv`);
    expect((await link(owner, `exports/${stranger.id}-copy/x.csv`)).status).toBe(404);
  });

  it('grants a file_objects row of the same organisation, and refuses it to another organisation', async () => {
    const key = `pdfs/invoices/${crypto.randomUUID()}.pdf`;
    await putObject(s3, bucket(), key, '%PDF-1.4 invoice');
    await insertFileObject(owner, key, { entity_type: 'invoice' });
    const ok = await link(owner, key);
    expect(ok.status).toBe(200);
    expect((await download(ok.body.url)).text).toBe('%PDF-1.4 invoice');
    expect((await link(stranger, key)).status).toBe(404);
  });

  it("grants a session file of the user's session and a contact file of the user's contact", async () => {
    const session = await request(t.app).post('/api/sessions').set(as(owner)).send({ title: 'Mariage Dupont' });
    expect(session.status).toBe(201);
    const contact = await buildContact(t.app, owner);
    const sessionKey = `session-files/${session.body.id}/${crypto.randomUUID()}.jpg`;
    const contactKey = `contact-files/${contact.id}/${crypto.randomUUID()}.pdf`;
    await t.sequelize.query(`INSERT INTO session_files (session_id, file_name, key) VALUES ($1, 'photo.jpg', $2)`, {
      bind: [session.body.id, sessionKey],
    });
    await t.sequelize.query(`INSERT INTO contact_files (contact_id, file_name, key) VALUES ($1, 'contrat.pdf', $2)`, {
      bind: [contact.id, contactKey],
    });
    expect((await link(owner, sessionKey)).status).toBe(200);
    expect((await link(owner, contactKey)).status).toBe(200);
    expect((await link(stranger, sessionKey)).status).toBe(404);
    expect((await link(stranger, contactKey)).status).toBe(404);
  });

  it('gives a photographer the files of their sessions only, not the studio’s exports, invoices or other sessions', async () => {
    const photographer = await memberOf(t.app, t.sequelize, owner, 'photographer');
    const contact = await buildContact(t.app, owner);
    const theirs = await request(t.app)
      .post('/api/sessions')
      .set(as(photographer))
      .send({ title: 'Portrait', contact_id: contact.id });
    expect(theirs.status).toBe(201);
    const other = await request(t.app).post('/api/sessions').set(as(owner)).send({ title: 'Mariage' });
    const keys = {
      mine: `session-files/${theirs.body.id}/${crypto.randomUUID()}.jpg`,
      other: `session-files/${other.body.id}/${crypto.randomUUID()}.jpg`,
      contact: `contact-files/${contact.id}/${crypto.randomUUID()}.pdf`,
      exportOfStudio: `exports/${orgOf(owner)}/contacts.csv`,
      invoicePdf: `pdfs/invoices/${crypto.randomUUID()}.pdf`,
    };
    for (const [sessionId, key] of [
      [theirs.body.id, keys.mine],
      [other.body.id, keys.other],
    ])
      await t.sequelize.query(`INSERT INTO session_files (session_id, file_name, key) VALUES ($1, 'photo.jpg', $2)`, {
        bind: [sessionId, key],
      });
    await t.sequelize.query(`INSERT INTO contact_files (contact_id, file_name, key) VALUES ($1, 'contrat.pdf', $2)`, {
      bind: [contact.id, keys.contact],
    });
    await insertFileObject(owner, keys.invoicePdf, { entity_type: 'invoice' });
    await putObject(s3, bucket(), keys.mine, 'photo');
    const mine = await link(photographer, keys.mine);
    expect(mine.status).toBe(200);
    expect((await download(mine.body.url)).text).toBe('photo');
    expect((await link(photographer, keys.contact)).status).toBe(200);
    for (const key of [keys.other, keys.exportOfStudio, keys.invoicePdf]) {
      expect((await link(photographer, key)).status).toBe(404);
      // The owner reaches each of them.
      expect((await link(owner, key)).status).toBe(200);
    }
  });

  it('grants a document to the user who uploaded it', async () => {
    // A file object of another organisation: only the document rule can grant it.
    const key = `documents/${crypto.randomUUID()}/release.pdf`;
    const fileObjectId = await insertFileObject(stranger, key, { entity_type: 'document' });
    await t.sequelize.query(
      `INSERT INTO documents (owner_id, uploaded_by, file_object_id, name) VALUES ($1, $2, $3, 'Release form')`,
      { bind: [stranger.id, owner.id, fileObjectId] },
    );
    expect((await link(owner, key)).status).toBe(200);
  });

  it('takes the key URL-encoded as one segment too', async () => {
    const key = `exports/${owner.id}/encoded.csv`;
    const res = await request(t.app)
      .get(`/api/storage/signed-url/${encodeURIComponent(key)}`)
      .set(as(owner));
    expect(res.status).toBe(200);
    expect(res.body.key).toBe(key);
  });

  it('caps the expiration at one hour', async () => {
    const res = await link(owner, `exports/${owner.id}/a.csv`, { expirationSeconds: 86_400 });
    expect(res.body.expiration).toBe(3600);
    expect(new URL(res.body.url).searchParams.get('X-Amz-Expires')).toBe('3600');
    expect((await link(owner, `exports/${owner.id}/a.csv`, { expirationSeconds: 60 })).body.expiration).toBe(60);
  });

  it.each([
    ['a traversal', (id: string) => `exports/${id}/%2E%2E/%2E%2E/avatars/x.png`],
    ['an absolute key', (id: string) => `%2Fexports%2F${id}%2Fa.csv`],
    ['a backslash', (id: string) => `exports%5C${id}%5Ca.csv`],
    ['a control character', (id: string) => `exports/${id}/a%0A.csv`],
    ['a key over 1024 bytes', (id: string) => `exports/${id}/${'a'.repeat(1030)}`],
  ])('answers 400 to %s', async (_what, keyOf) => {
    const res = await request(t.app)
      .get(`/api/storage/signed-url/${keyOf(owner.id)}`)
      .set(as(owner));
    expect(res.status).toBe(400);
    expect(res.body.code).toMatch(/invalid_key|invalid_input/);
  });

  it('needs a signed-in user', async () => {
    expect((await request(t.app).get(`/api/storage/signed-url/exports/${owner.id}/a.csv`)).status).toBe(401);
  });
});
