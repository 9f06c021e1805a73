import { Readable } from 'node:stream';
import { GetObjectCommand, type PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

/** What the fake storage answers besides a plain success. */
export interface FakeS3Options {
  /** Keys a DeleteObjects refuses (reported back as AccessDenied, as S3 does per key). */
  refuse?: Iterable<string>;
  /** The body every GetObject answers (an import's uploaded file, a kept pdf): a stream that also reads whole. */
  getBody?: string | Uint8Array;
}

/**
 * S3 for unit tests: a real client, its requests answered
 * here, no network. It keeps what it was asked: each put command and each key's last body (a small
 * object goes up as one PutObject), each DeleteObjects batch and the keys it deleted.
 */
export function fakeS3(options: FakeS3Options = {}) {
  const refuse = new Set(options.refuse ?? []);
  const objects = new Map<string, string>();
  const puts: PutObjectCommand[] = [];
  const batches: string[][] = [];
  const deleted: string[] = [];
  const s3 = new S3Client({
    region: 'us-east-1',
    endpoint: 'http://s3.invalid',
    forcePathStyle: true,
    credentials: { accessKeyId: 'k', secretAccessKey: 's' },
  });
  s3.send = jest.fn(async (command: { input: Record<string, unknown> }) => {
    if (command instanceof GetObjectCommand) {
      const bytes = Buffer.from(options.getBody ?? '');
      return {
        Body: Object.assign(Readable.from([bytes]), { transformToByteArray: async () => new Uint8Array(bytes) }),
      };
    }
    const { Delete, Key, Body } = command.input as {
      Delete?: { Objects: { Key: string }[] };
      Key: string;
      Body?: unknown;
    };
    if (Delete) {
      const keys = Delete.Objects.map((o) => o.Key);
      batches.push(keys);
      deleted.push(...keys.filter((k) => !refuse.has(k)));
      return { Errors: keys.filter((k) => refuse.has(k)).map((k) => ({ Key: k, Code: 'AccessDenied' })) };
    }
    puts.push(command as unknown as PutObjectCommand);
    if (typeof Body === 'string' || Body instanceof Uint8Array) objects.set(Key, Buffer.from(Body).toString('utf8'));
    return { ETag: '"e"' };
  }) as never;
  return { s3, objects, puts, batches, deleted };
}
