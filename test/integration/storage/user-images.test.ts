// Avatar and logo uploads through HTTP against the real stack: stored under avatars/ and
// logos/, shown on /api/users/me, the previous object deleted on replace, 413 and 415.
import request from 'supertest';
import { createS3Client } from '../../../lib/s3';
import { buildUser, type TestUser } from '../../factories/users';
import { objectExists } from '../../helpers/stored-objects';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { as } from '../../helpers/auth';

// A real 1x1 png, and bytes that start like a jpeg (the service reads the magic numbers).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\u0000 a tiny jpeg body'),
]);

let t: TestApp;
let s3: ReturnType<typeof createS3Client>;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  s3 = createS3Client(t.config);
  user = await buildUser(t.app);
});
afterAll(async () => {
  s3.destroy();
  await t.close();
});

const upload = (kind: 'avatar' | 'logo', bytes: Buffer, filename: string, contentType: string) =>
  request(t.app).put(`/api/users/me/${kind}`).set(as(user)).attach('file', bytes, { filename, contentType });
const me = () => request(t.app).get('/api/users/me').set(as(user));
const rowsFor = async (key: string) => {
  const [rows] = await t.sequelize.query(
    'SELECT entity_type, entity_id, content_type, is_image FROM file_objects WHERE key = $1',
    { bind: [key] },
  );
  return rows;
};

describe('avatar upload', () => {
  it('stores the image under avatars/<userId>/, records it, and shows it on /api/users/me with a working link', async () => {
    const res = await upload('avatar', PNG, 'me.png', 'image/png');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      key: expect.stringMatching(new RegExp(`^avatars/${user.id}/[0-9a-f-]{36}\\.png$`)),
      content_type: 'image/png',
      size_bytes: PNG.length,
    });
    expect(await rowsFor(res.body.key)).toEqual([
      { entity_type: 'avatar', entity_id: user.id, content_type: 'image/png', is_image: true },
    ]);

    const profile = await me();
    expect(profile.status).toBe(200);
    expect(profile.body.avatar).toMatchObject({ key: res.body.key, url: expect.any(String) });
    expect(profile.body.logo).toBeNull();
    const image = await fetch(profile.body.avatar.url);
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG);

    // The current avatar is the week-long case of the signed-link endpoint.
    const weekLink = await request(t.app)
      .get(`/api/storage/signed-url/${res.body.key}`)
      .query({ expirationSeconds: 5 * 86_400 })
      .set(as(user));
    expect(weekLink.body.expiration).toBe(5 * 86_400);
  });

  it('replaces the avatar: the new one is current, the previous object and its row are gone', async () => {
    const first = (await me()).body.avatar.key as string;
    const res = await upload('avatar', JPEG, 'new.jpg', 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body.key).toMatch(new RegExp(`^avatars/${user.id}/.*\\.jpg$`));
    expect((await me()).body.avatar.key).toBe(res.body.key);
    expect(await objectExists(s3, t.config.S3_BUCKET, res.body.key)).toBe(true);
    expect(await objectExists(s3, t.config.S3_BUCKET, first)).toBe(false);
    expect(await rowsFor(first)).toEqual([]);
  });

  it('answers 413 above the size limit and keeps the current avatar', async () => {
    const before = (await me()).body.avatar.key;
    const big = Buffer.concat([PNG, Buffer.alloc(t.config.USER_IMAGE_MAX_BYTES)]);
    const res = await upload('avatar', big, 'big.png', 'image/png');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ statusCode: 413, code: 'payload_too_large' });
    expect((await me()).body.avatar.key).toBe(before);
  });

  it('answers 415 to a file that only claims to be an image', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload('avatar', svg, 'me.png', 'image/png');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ statusCode: 415, code: 'unsupported_media_type' });
  });

  it('answers 400 without a file part', async () => {
    const res = await request(t.app).put('/api/users/me/avatar').set(as(user)).field('note', 'no file');
    expect(res.status).toBe(400);
  });
});

describe('logo upload', () => {
  it('stores under logos/<userId>/ and replaces the previous logo', async () => {
    const first = await upload('logo', PNG, 'logo.png', 'image/png');
    expect(first.status).toBe(200);
    expect(first.body.key).toMatch(new RegExp(`^logos/${user.id}/`));
    const second = await upload('logo', PNG, 'logo-2.png', 'image/png');
    expect((await me()).body.logo.key).toBe(second.body.key);
    expect(await objectExists(s3, t.config.S3_BUCKET, first.body.key)).toBe(false);
    // The avatar is untouched by a logo upload.
    expect((await me()).body.avatar).not.toBeNull();
  });
});
