import { type S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { PART_SIZE } from '../../../activities/exports/multipart-writer';
import { uploadStream } from '../../../activities/exports/upload-stream';

const target = { bucket: 'studio', key: 'exports/a.csv', contentType: 'text/csv; charset=utf-8' };

/** An S3 that keeps each request as it was sent (a part's bytes copied: the writer reuses its buffers). */
function recordingS3(failPart?: number) {
  const sent: { name: string; input: Record<string, unknown>; body?: Buffer }[] = [];
  const s3 = {
    send: jest.fn(async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
      const { Body } = command.input as { Body?: Buffer };
      sent.push({ name: command.constructor.name, input: command.input, body: Body && Buffer.from(Body) });
      await new Promise((resolve) => setImmediate(resolve));
      if (command.constructor.name === 'UploadPartCommand' && command.input.PartNumber === failPart)
        throw new Error('connection reset');
      return { UploadId: 'u-1', ETag: `"e${String(command.input.PartNumber)}"` };
    }),
  } as unknown as S3Client;
  return { s3, sent };
}

/** `size` bytes that differ from one offset to the next, cut into chunks of awkward sizes. */
function chunksOf(size: number): { whole: Buffer; chunks: Buffer[] } {
  const whole = Buffer.alloc(size);
  for (let i = 0; i < size; i++) whole[i] = (i * 7 + (i >> 11)) & 0xff;
  const chunks: Buffer[] = [];
  for (let at = 0, n = 1; at < size; at += n, n = (n * 31 + 17) % 300_000) chunks.push(whole.subarray(at, at + n));
  return { whole, chunks };
}

describe('the multipart writer', () => {
  it('sends 5 MiB parts in order, then the rest, and completes the upload with every ETag', async () => {
    const { s3, sent } = recordingS3();
    const { whole, chunks } = chunksOf(2 * PART_SIZE + 123_457);
    await uploadStream(s3, target, Readable.from(chunks), Promise.resolve());
    expect(sent.map((r) => r.name)).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);
    expect(sent[0].input).toMatchObject({ Bucket: 'studio', Key: target.key, ContentType: target.contentType });
    const parts = sent.filter((r) => r.name === 'UploadPartCommand');
    expect(parts.map((p) => [p.input.PartNumber, p.body!.length])).toEqual([
      [1, PART_SIZE],
      [2, PART_SIZE],
      [3, 123_457],
    ]);
    expect(Buffer.concat(parts.map((p) => p.body!)).equals(whole)).toBe(true);
    expect(sent[4].input).toMatchObject({
      UploadId: 'u-1',
      MultipartUpload: { Parts: [1, 2, 3].map((n) => ({ PartNumber: n, ETag: `"e${n}"` })) },
    });
  });

  it('hands each chunk back once, only when its bytes are in a part: a producer that overwrites it then still uploads what it wrote', async () => {
    const { s3, sent } = recordingS3();
    const { whole, chunks } = chunksOf(2 * PART_SIZE + 99_999);
    const written = Buffer.from(whole);
    const handedBack: Buffer[] = [];
    await uploadStream(s3, target, Readable.from(chunks), Promise.resolve(), (chunk) => {
      handedBack.push(chunk);
      chunk.fill(0xaa);
    });
    expect(handedBack).toEqual(chunks);
    expect(new Set(handedBack).size).toBe(chunks.length);
    const parts = sent.filter((r) => r.name === 'UploadPartCommand');
    expect(Buffer.concat(parts.map((p) => p.body!)).equals(written)).toBe(true);
  });

  it('puts a file smaller than a part as one object', async () => {
    const { s3, sent } = recordingS3();
    await uploadStream(s3, target, Readable.from([Buffer.from('\uFEFFa,b\r\n')]), Promise.resolve());
    expect(sent.map((r) => r.name)).toEqual(['PutObjectCommand']);
    expect(sent[0].body!.toString('utf8')).toBe('\uFEFFa,b\r\n');
    expect(sent[0].input).toMatchObject({ ContentType: target.contentType });
  });

  it('aborts the upload when a part fails, leaving no part behind, and throws that error', async () => {
    const { s3, sent } = recordingS3(2);
    const { chunks } = chunksOf(3 * PART_SIZE);
    await expect(uploadStream(s3, target, Readable.from(chunks), Promise.resolve())).rejects.toThrow(
      'connection reset',
    );
    expect(sent.map((r) => r.name)).toContain('AbortMultipartUploadCommand');
    expect(sent.map((r) => r.name)).not.toContain('CompleteMultipartUploadCommand');
  });

  it('stops the producer and aborts when the producer fails', async () => {
    const { s3, sent } = recordingS3();
    const { chunks } = chunksOf(PART_SIZE + 10);
    const body = Readable.from(chunks);
    await expect(uploadStream(s3, target, body, Promise.reject(new Error('statement timeout')))).rejects.toThrow(
      'statement timeout',
    );
    expect(body.destroyed).toBe(true);
    expect(sent.map((r) => r.name)).not.toContain('CompleteMultipartUploadCommand');
  });
});
