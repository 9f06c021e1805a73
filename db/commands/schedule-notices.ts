import { type Sequelize } from 'sequelize-typescript';
import { EmailTracking } from '../models/EmailTracking';

/** Records a sent notice in email_tracking (entity: the quote or invoice), under its key. */
export async function recordScheduleNotice(
  _sequelize: Sequelize,
  input: {
    ownerId: string;
    kind: 'quote' | 'invoice';
    documentId: string;
    recipient: string;
    subject: string;
    messageId: string;
    key: string;
    jobRunId: string;
  },
): Promise<void> {
  await EmailTracking.create({
    owner_id: input.ownerId,
    entity_type: input.kind === 'quote' ? 'QUOTE' : 'INVOICE',
    entity_id: input.documentId,
    recipient: input.recipient,
    subject: input.subject.slice(0, 500),
    template_key: 'payment-schedule-changed',
    message_id: input.messageId,
    status: 'SENT',
    idempotency_key: input.key,
    job_run_id: input.jobRunId,
    sent_at: new Date(),
  });
}
