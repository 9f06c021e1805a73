import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { DefaultLogger } from '@temporalio/worker';
import { MockActivityEnvironment } from '@temporalio/testing';
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { type Sequelize } from 'sequelize-typescript';
import { QueryTypes } from 'sequelize';
import { createExportRenderActivities, type ExportRenderDeps } from '../../activities/exports/render-export';
import { exportRenderDb } from '../../workers/export-render-db';
import { type ExportPayload, type RenderedExport } from '../../workflows/exports/contract';
import { tsxCommand } from '../setup/paths';

const execFileAsync = promisify(execFile);
const repoRoot = path.resolve(__dirname, '..', '..');

/** When the first attempt of the render was scheduled in these tests: the date in the file names. */
export const SCHEDULED_AT = Date.parse('2026-11-22T10:00:00Z');

/** Calls renderExport as a worker would (real database, S3 and Chromium), outside any workflow. */
export async function runRender(
  { sequelize, ...deps }: Omit<ExportRenderDeps, 'logger' | 'db'> & { sequelize: Sequelize },
  payload: ExportPayload,
  jobRunId: string = crypto.randomUUID(),
): Promise<RenderedExport> {
  const activities = createExportRenderActivities({
    ...deps,
    db: exportRenderDb(sequelize),
    logger: pino({ level: 'silent' }),
  });
  const env = new MockActivityEnvironment(
    { scheduledTimestampMs: SCHEDULED_AT, attempt: 1 },
    { logger: new DefaultLogger('ERROR') },
  );
  return env.run(activities.renderExport, { jobRunId, payload });
}

/** The object's bytes, as a user downloading the file gets them. */
export async function download(s3: S3Client, bucket: string, key: string): Promise<Buffer> {
  const res = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  return Buffer.from(await res.Body!.transformToByteArray());
}

/** The organisation of a user registered through the api. */
export async function orgOf(sequelize: Sequelize, userId: string): Promise<string> {
  const [row] = await sequelize.query<{ org_id: string }>('SELECT org_id FROM users WHERE id = $1', {
    bind: [userId],
    type: QueryTypes.SELECT,
  });
  return row.org_id;
}

/**
 * renderExport in a child process (tsx), for pdfs: see render-export-child.ts. Resolves with what
 * the activity returned, rejects with its failure (type, message, nonRetryable).
 */
export async function runRenderInChild(
  pdf: ExportRenderDeps['pdf'],
  payload: ExportPayload,
  jobRunId: string = crypto.randomUUID(),
): Promise<RenderedExport> {
  return (await renderInChild({ jobRunId, payload, pdf })).rendered!;
}

/** Renders, kills the child's Chromium (SIGKILL), renders again: both outcomes. */
export async function runRenderAcrossChromiumCrash(
  pdf: ExportRenderDeps['pdf'],
  payload: ExportPayload,
): Promise<{ rendered: RenderedExport; afterCrash: RenderedExport }> {
  const { rendered, afterCrash } = await renderInChild({
    jobRunId: crypto.randomUUID(),
    payload,
    pdf,
    crashChromium: true,
  });
  return { rendered: rendered!, afterCrash: afterCrash! };
}

async function renderInChild(input: {
  jobRunId: string;
  payload: ExportPayload;
  pdf: ExportRenderDeps['pdf'];
  crashChromium?: boolean;
}) {
  const { stdout } = await execFileAsync(
    ...tsxCommand(path.join(__dirname, 'render-export-child.ts'), JSON.stringify(input)),
    {
      cwd: repoRoot,
      env: process.env,
      timeout: 60_000,
      maxBuffer: 1024 * 1024,
    },
  );
  const outcome = JSON.parse(stdout.trim().split('\n').pop()!) as {
    rendered?: RenderedExport;
    afterCrash?: RenderedExport;
    failure?: Record<string, unknown>;
  };
  if (outcome.failure) throw Object.assign(new Error(String(outcome.failure.message)), outcome.failure);
  return outcome;
}
