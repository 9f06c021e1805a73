import { type Sequelize } from 'sequelize-typescript';
import crypto from 'node:crypto';
import { type Client } from '@temporalio/client';
import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { loadInviteContext } from '../../db/queries/session-info-invite';
import { startJob } from '../../lib/jobs/start-job';
import { SESSION_INFO_INVITE_JOB } from '../../workflows/session-info/contract';
import { IdParams } from '../http/common-schemas';
import { type createRouteKit } from '../http/route-kit';

/** An Idempotency-Key names one invite request: a retried POST sends one email. */
const IdempotencyKey = z
  .string()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[\w.:-]+$/);

/** POST /api/sessions/:id/send-session-info-invite: checks the preconditions, then starts the job. */
export function buildSessionInfoInviteRouter({
  sequelize,
  temporal,
  kit,
  emailLimit,
}: {
  sequelize: Sequelize;
  temporal: Client;
  kit: ReturnType<typeof createRouteKit>;
  emailLimit: RequestHandler;
}): Router {
  const router = Router();
  kit.route(
    router,
    {
      method: 'post',
      path: '/api/sessions/:id/send-session-info-invite',
      operationId: 'sendSessionInfoInvite',
      errors: ['session_info_template_missing', 'contact_erased'],
      summary: 'Email the client a link to the session info form (one email per Idempotency-Key)',
      tag: 'session-info',
      auth: 'user',
      after: [emailLimit],
      params: IdParams,
      body: z.object({ email_template_id: z.uuid().nullable().optional() }).strict(),
      response: z.object({ jobRunId: z.uuid(), status: z.string(), requestKey: z.string() }),
      status: 202,
    },
    async ({ req, user, params, body }) => {
      await loadInviteContext(sequelize, user.orgId, params.id);
      const header = req.get('idempotency-key');
      const requestKey = header ? `${user.id}:${IdempotencyKey.parse(header)}` : crypto.randomUUID();
      const run = await startJob(
        sequelize,
        temporal,
        SESSION_INFO_INVITE_JOB,
        requestKey,
        { ownerId: user.orgId, sessionId: params.id, emailTemplateId: body.email_template_id ?? null, requestKey },
        { orgId: user.orgId, userId: user.id, entityId: params.id, requestId: req.requestId },
      );
      return { jobRunId: run.id, status: run.status, requestKey };
    },
  );
  return router;
}
