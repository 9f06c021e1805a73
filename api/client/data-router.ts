import { type RequestHandler, Router } from 'express';
import { type StorageRouterDeps } from '../http/route-kit';
import { clientAccountOf } from './client-guard';
import { sendClientDataZip } from './data-zip';

/**
 * GET /api/client-accounts/me/data-export: the signed-in client downloads everything the studio
 * holds about them (issue 31 §4; GDPR art. 15 and 20), as a zip streamed as it is made
 * (api/client/data-zip.ts, which a portal page calls the same way).
 */
export function buildClientDataRouter({
  sequelize,
  kit,
  s3,
  bucket,
  logger,
  limit,
}: StorageRouterDeps & { limit: RequestHandler }): Router {
  const router = Router();
  kit.route(
    router,
    {
      method: 'get',
      path: '/api/client-accounts/me/data-export',
      operationId: 'downloadClientPortalData',
      summary: 'Everything the studio holds about me: a zip of JSON files and the pdfs of my invoices',
      tag: 'client-portal',
      auth: 'client',
      after: [limit],
      produces: {
        contentType: 'application/zip',
        description:
          'contact.json, sessions.json, quotes.json, invoices.json, credit-notes.json, payments.json, pdfs/ and README.txt (which names any pdf left out)',
      },
    },
    async ({ req, res }) => {
      await sendClientDataZip({ sequelize, s3, bucket, logger }, clientAccountOf(req), res, req.requestId);
    },
  );
  return router;
}
