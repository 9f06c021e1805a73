import { Router } from 'express';
import { saveNumberFormats } from '../../db/commands/save-number-formats';
import { readNumberFormats } from '../../db/queries/number-formats';
import { type DocumentSeries, formatDocumentNumber } from '../../domain/invoicing/numbering';
import { type DataRouterDeps } from '../http/route-kit';
import { NumberingBody, NumberingView } from './schema';

/** /api/users/me/document-numbering: how the studio's invoices, credit notes and quotes are numbered (issue 20 §2). */
export function buildDocumentNumberingRouter({ sequelize, kit }: DataRouterDeps): Router {
  const router = Router();
  const tag = 'document-numbering';
  const view = async (userId: string, timeZone: string) => {
    const formats = await readNumberFormats(sequelize, userId);
    const now = new Date();
    return Object.fromEntries(
      (Object.keys(formats) as DocumentSeries[]).map((series) => [
        series,
        {
          ...formats[series],
          example: formatDocumentNumber(formats[series].format, formats[series].sequence_reset, 1, now, timeZone),
        },
      ]),
    ) as Record<DocumentSeries, (typeof formats)[DocumentSeries] & { example: string }>;
  };

  kit.route(
    router,
    {
      method: 'get',
      path: '/api/users/me/document-numbering',
      operationId: 'getDocumentNumbering',
      summary: 'The number formats of invoices, credit notes and quotes, with an example of each',
      tag,
      auth: 'user',
      response: NumberingView,
    },
    async ({ user }) => view(user.orgId, user.timeZone),
  );

  kit.route(
    router,
    {
      method: 'put',
      path: '/api/users/me/document-numbering',
      operationId: 'updateDocumentNumbering',
      errors: ['numbering_in_use'],
      summary:
        'Set number formats ({YYYY}, {YY}, {MM}, {seq:N}); a series that has numbered a document keeps its format (409)',
      tag,
      auth: 'user',
      body: NumberingBody,
      response: NumberingView,
    },
    async ({ user, body, req }) => {
      await saveNumberFormats(sequelize, user.orgId, body, req.requestId);
      return view(user.orgId, user.timeZone);
    },
  );
  return router;
}
