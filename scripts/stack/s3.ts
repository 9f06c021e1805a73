import fs from 'node:fs';
import path from 'node:path';
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { type Managed, startProcess, whenReady } from './process';
import { ensureTool } from './tools';
import { isListening, waitFor } from './wait';

/** Versity Gateway with its posix backend: a real S3 API over a folder. */
export async function startS3(opts: {
  port: number;
  dataDir: string;
  logDir: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The versitygw binary (the launcher prepares it beforehand); found or built here when absent. */
  bin?: string;
}): Promise<Managed> {
  const bin = opts.bin ?? ensureTool('versitygw');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const logFile = path.join(opts.logDir, 's3.log');
  const managed = startProcess(
    'S3 (Versity Gateway)',
    bin,
    ['--port', `127.0.0.1:${opts.port}`, 'posix', opts.dataDir],
    {
      logFile,
      env: { ...process.env, ROOT_ACCESS_KEY: opts.accessKeyId, ROOT_SECRET_KEY: opts.secretAccessKey },
    },
  );
  return whenReady(
    managed,
    waitFor('S3 server', () => isListening(opts.port), 20_000),
  );
}

/** Creates `bucket` unless it exists (safe to call on every start). */
export async function ensureBucket(opts: {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
}): Promise<void> {
  const s3 = new S3Client({
    endpoint: opts.endpoint,
    region: opts.region,
    forcePathStyle: true,
    credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey },
  });
  try {
    await s3.send(new HeadBucketCommand({ Bucket: opts.bucket }));
  } catch {
    await s3.send(new CreateBucketCommand({ Bucket: opts.bucket }));
  } finally {
    s3.destroy();
  }
}
