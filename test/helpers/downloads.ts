import type request from 'supertest';

/** The body of a GET on `url` (a signed S3 link, most often), whatever its status. */
export const download = async (url: string): Promise<Buffer> => Buffer.from(await (await fetch(url)).arrayBuffer());

/** supertest's parser for a binary answer (it buffers only text and JSON by itself): `.buffer(true).parse(binaryBody)`. */
export const binaryBody = (res: request.Response, callback: (err: Error | null, body: Buffer) => void): void => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};
