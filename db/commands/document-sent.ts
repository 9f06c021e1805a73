import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { trackingKey } from '../queries/document-sent';
import { type DocumentKind, findDocument } from '../queries/invoicing';
import { recordDomainEvent } from './record-domain-event';
import { AuditLog } from '../models/AuditLog';
import { EmailTracking } from '../models/EmailTracking';

export interface SentEmail {
  recipients: string[];
  subject: string;
  templateKey: string | null;
  messageId: string;
  requestKey: string;
  jobRunId: string;
}

/** The status a sent document moves to, or null: a PENDING quote becomes SENT. An invoice is issued before it is sent (api), so sending changes nothing on it. */
function statusAfterSend(kind: DocumentKind, status: string): string | null {
  if (kind === 'invoice') return null;
  return status === 'PENDING' ? 'SENT' : null;
}

/** A tracking row per recipient of a send that worked; a replayed job's FAILED rows give way to it. */
async function trackSentEmail(
  { ownerId, entity, documentId }: { ownerId: string; entity: 'QUOTE' | 'INVOICE'; documentId: string },
  sent: SentEmail,
  transaction: Transaction,
): Promise<void> {
  await EmailTracking.destroy({
    where: {
      idempotency_key: sent.recipients.map((_, index) => trackingKey(sent.requestKey, index)),
      status: 'FAILED',
    },
    transaction,
  });
  const now = new Date();
  await EmailTracking.bulkCreate(
    sent.recipients.map((recipient, index) => ({
      owner_id: ownerId,
      entity_type: entity,
      entity_id: documentId,
      recipient,
      subject: sent.subject.slice(0, 500),
      template_key: sent.templateKey,
      message_id: sent.messageId,
      status: 'SENT',
      idempotency_key: trackingKey(sent.requestKey, index),
      job_run_id: sent.jobRunId,
      sent_at: now,
    })),
    { transaction },
  );
}

/**
 * Records a sent email in one transaction: a tracking row per recipient, the status move
 * (PENDING quote → SENT), an audit row, and the status-changed event in the
 * outbox. A second call for the same request finds its rows and changes nothing.
 */
export async function recordDocumentSent(
  sequelize: Sequelize,
  kind: DocumentKind,
  ownerId: string,
  documentId: string,
  sent: SentEmail,
): Promise<{ status: string }> {
  return sequelize.transaction(async (transaction) => {
    const document = await findDocument(sequelize, kind, documentId, ownerId, transaction, true);
    if (
      (await EmailTracking.count({
        where: { idempotency_key: trackingKey(sent.requestKey, 0), status: 'SENT' },
        transaction,
      })) > 0
    )
      return { status: document.status };
    const entity = kind === 'quote' ? 'QUOTE' : 'INVOICE';
    await trackSentEmail({ ownerId, entity, documentId }, sent, transaction);
    const from = document.status;
    const to = statusAfterSend(kind, from);
    if (to) {
      document.set({ status: to });
      await document.save({ transaction });
    }
    await AuditLog.create(
      {
        actor_id: ownerId,
        action: 'SEND_EMAIL',
        entity_type: entity,
        entity_id: documentId,
        resource_owner_id: ownerId,
        request_id: null,
        metadata: {
          recipients: sent.recipients,
          message_id: sent.messageId,
          job_run_id: sent.jobRunId,
          changed: to ? ['status'] : [],
          ...(to ? { status: { from, to } } : {}),
        },
      },
      { transaction },
    );
    if (to) {
      await recordDomainEvent(
        sequelize,
        {
          eventType: kind === 'quote' ? 'QUOTE_STATUS_CHANGED' : 'INVOICE_STATUS_CHANGED',
          entityType: entity,
          entityId: documentId,
          ownerId,
          payload: { ...(document.get({ plain: true }) as Record<string, unknown>), previous_status: from },
        },
        transaction,
      );
    }
    return { status: document.status };
  });
}

/**
 * Records a send that gave up (retries exhausted or a failure no retry fixes): one FAILED row per
 * recipient with the error, nothing else changes. A send that already worked is left alone.
 */
export async function recordDocumentEmailFailed(
  _sequelize: Sequelize,
  kind: DocumentKind,
  ownerId: string,
  documentId: string,
  failed: { recipients: string[]; requestKey: string; jobRunId: string; error: string },
): Promise<void> {
  await EmailTracking.bulkCreate(
    failed.recipients.map((recipient, index) => ({
      owner_id: ownerId,
      entity_type: kind === 'quote' ? 'QUOTE' : 'INVOICE',
      entity_id: documentId,
      recipient,
      subject: null,
      template_key: kind === 'quote' ? 'quote-sent' : 'invoice-sent',
      message_id: null,
      status: 'FAILED',
      error: failed.error.slice(0, 2_000),
      idempotency_key: trackingKey(failed.requestKey, index),
      job_run_id: failed.jobRunId,
      sent_at: null,
    })),
    { ignoreDuplicates: true },
  );
}
