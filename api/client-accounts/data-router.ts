import { Router } from 'express';
import { type StorageRouterDeps } from '../http/route-kit';
import { clientAccountOf } from './client-guard';
import { openClientDataZip } from './data-zip';

/**
 * GET /api/client-accounts/me/data-export: the signed-in client downloads everything the studio
 * holds about them (issue 31 §4; GDPR art. 15 and 20), as a zip streamed as it is made
 * (api/client-accounts/data-zip.ts, which a portal page calls the same way).
 */
export function buildClientDataRouter({ sequelize, kit, s3, bucket, logger }: StorageRouterDeps): Router {
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
      produces: {
        contentType: 'application/zip',
        description:
          'contact.json, sessions.json, quotes.json, invoices.json, credit-notes.json, payments.json, pdfs/ and README.txt (which names any pdf left out)',
      },
    },
    async ({ req, res }) => {
      // Read first: a contact gone since the token was issued is a 404 before any byte is sent.
      const zip = await openClientDataZip({ sequelize, s3, bucket, logger }, clientAccountOf(req));
      res.status(200);
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(zip.filename)}`);
      res.setHeader('Cache-Control', 'no-store');
      try {
        await zip.writeTo(res);
      } catch (err) {
        // Once bytes are out no error answer can follow: the archive is cut (the client went away,
        // or storage failed mid-file) and the client sees an incomplete download.
        if (!res.headersSent) throw err;
        logger.warn({ err, requestId: req.requestId }, 'client data download cut short');
        res.destroy();
      }
    },
  );
  return router;
}
