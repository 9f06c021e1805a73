import { Router } from 'express';
import { type ContactErasure, eraseContact } from '../../db/commands/erase-contact';
import { IdParams } from '../http/common-schemas';
import { type StorageRouterDeps } from '../http/route-kit';
import { removeErasedObjects } from './erased-objects';
import { ContactErasureView, EraseContactBody } from './schema';

/** What the studio still has to look at itself: free text it wrote that the service cannot read for a name. */
const REVIEW =
  "Session titles, notes and locations, and draft quotes' and invoices' titles, are free text: the contact's full name, email and phone number were replaced where they were written out, but a nickname or a first name alone cannot be recognised. Review them, and any copy kept outside the service (mailbox, exports already downloaded, backups).";

function presentErasure(erasure: ContactErasure, filesLeft: number) {
  return {
    contact_id: erasure.contactId,
    erased_at: erasure.erasedAt.toISOString(),
    removed: erasure.removed,
    kept: erasure.kept,
    files_left_in_storage: filesLeft,
    review: REVIEW,
  };
}

/**
 * POST /api/contacts/:id/erase (issue 31 §4, docs/data-retention.md): the studio erases a contact
 * at its request. The rows change in one transaction (db/commands/erase-contact.ts); its stored
 * files are removed from storage after the commit.
 */
export function buildContactErasureRouter({ sequelize, kit, s3, bucket, logger }: StorageRouterDeps): Router {
  const router = Router();
  kit.route(
    router,
    {
      method: 'post',
      path: '/api/contacts/:id/erase',
      operationId: 'eraseContact',
      errors: ['contact_erased'],
      summary:
        'Erase a contact (GDPR art. 17): its personal data anonymised everywhere but the issued invoices, credit notes and payments the law keeps',
      tag: 'contacts',
      auth: 'user',
      params: IdParams,
      body: EraseContactBody,
      response: ContactErasureView,
    },
    async ({ user, params, body, req }) => {
      const erasure = await eraseContact(sequelize, user.orgId, params.id, {
        reason: body.reason,
        requestId: req.requestId,
      });
      const left = await removeErasedObjects({ s3, bucket, logger }, erasure.objects);
      return presentErasure(erasure, left);
    },
  );
  return router;
}
