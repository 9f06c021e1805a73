import { type Sequelize } from 'sequelize-typescript';
import { type S3Client } from '@aws-sdk/client-s3';
import { type Client } from '@temporalio/client';
import { Router } from 'express';
import { z } from 'zod';
import { findOwnSessionId } from '../../db/queries/sessions';
import { DomainError } from '../../domain/errors';
import { type Config } from '../../lib/config';
import { startJob } from '../../lib/jobs/start-job';
import { waitForJob } from '../../lib/jobs/wait-for-job';
import { assertPdfRenderer } from '../../lib/pdf-renderer';
import { downloadLink } from '../../lib/s3-links';
import { ROADMAP_JOB, type RoadmapResult } from '../../workflows/roadmap/contract';
import { IdParams } from '../http/common-schemas';
import { type createRouteKit } from '../http/route-kit';

/** GET /api/sessions/:id/roadmap?format=pdf|docx: renders on the documents queue, answers a signed link. */
export function buildRoadmapRouter({
  sequelize,
  temporal,
  publicS3,
  config,
  kit,
}: {
  sequelize: Sequelize;
  temporal: Client;
  publicS3: S3Client;
  config: Config;
  kit: ReturnType<typeof createRouteKit>;
}): Router {
  const router = Router();
  kit.route(
    router,
    {
      method: 'get',
      path: '/api/sessions/:id/roadmap',
      operationId: 'getSessionRoadmap',
      errors: ['export_failed', 'export_timeout', 'pdf_renderer_unavailable', 'unavailable'],
      summary: "The session's roadmap (details, contact, schedule, notes, client information) as a signed link",
      tag: 'session-info',
      auth: 'user',
      params: IdParams,
      query: z.object({ format: z.enum(['pdf', 'docx']).default('pdf') }),
      response: z.object({ url: z.string(), key: z.string(), filename: z.string(), expiration: z.number() }),
    },
    async ({ req, user, params, query }) => {
      const session = { id: await findOwnSessionId(sequelize, user.orgId, params.id) };
      if (query.format === 'pdf') assertPdfRenderer(config.CHROMIUM_PATH);
      const run = await startJob(
        sequelize,
        temporal,
        ROADMAP_JOB,
        session.id,
        { ownerId: user.orgId, sessionId: session.id, format: query.format },
        { orgId: user.orgId, userId: user.id, entityId: session.id, requestId: req.requestId },
      );
      const result = await waitForJob<RoadmapResult>(temporal, run, {
        seconds: config.EXPORT_SYNC_TIMEOUT_SECONDS,
        what: 'roadmap',
        late: (job) =>
          new DomainError('export_timeout', `The roadmap is still being prepared (job run ${job.id})`, {
            jobRunId: job.id,
          }),
        failed: (_reason, job) =>
          new DomainError('export_failed', 'The roadmap could not be rendered', { jobRunId: job.id }),
        // The session deleted between the check above and the job's read.
        gone: 'session',
      });
      return downloadLink(publicS3, config.S3_BUCKET, result, config.EXPORT_LINK_TTL_SECONDS);
    },
  );
  return router;
}
