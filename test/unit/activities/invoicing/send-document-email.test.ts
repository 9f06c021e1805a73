import { type GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { type Transporter } from 'nodemailer';
import {
  createDocumentEmailActivities,
  type DocumentEmailDeps,
} from '../../../../activities/invoicing/send-document-email';
import { NotFoundError } from '../../../../domain/errors';
import { type DocumentEmailPayload } from '../../../../workflows/invoicing/contract';
import { createMemoryLogger } from '../../../fixtures/memory-logger';
import { fakeS3 } from '../../../helpers/fake-s3';

const env = (attempt: number) => new MockActivityEnvironment({ attempt }, { logger: new DefaultLogger('ERROR') });

/** The send's records: a request key is SENT once (email_tracking), as db/commands/document-sent.ts keeps it. */
function setUp(overrides: Partial<DocumentEmailDeps> = {}) {
  const sent = new Set<string>();
  const sendMail = jest.fn(async () => ({ messageId: 'm' }));
  const deps: DocumentEmailDeps = {
    logger: createMemoryLogger().logger,
    s3: fakeS3({ getBody: '%PDF' }).s3,
    publicS3: {} as S3Client,
    bucket: 'studio',
    linkTtlSeconds: 3600,
    mailer: { sendMail } as unknown as Transporter,
    mailFrom: 'billing@example.com',
    findDocument: jest.fn(async () => ({ id: 'inv-1', status: 'ISSUED', contact_id: 'contact-1' }) as never),
    wasEmailSent: jest.fn(async (key: string) => sent.has(key)),
    findStudio: jest.fn(async () => ({ id: 'owner-1', locale: 'fr-FR', time_zone: 'Europe/Paris' }) as never),
    loadClientFace: jest.fn(async () => null),
    previewDocumentEmail: jest.fn(async () => ({
      subject: 'Facture F-7',
      text: 'Bonjour,',
      html: '<p>Bonjour,</p>',
    })) as never,
    recordDocumentSent: jest.fn(async (_kind, _owner, _id, record: { requestKey: string }) => {
      sent.add(record.requestKey);
      return { status: 'ISSUED' };
    }) as never,
    recordDocumentEmailFailed: jest.fn(async () => undefined),
    issueDocumentLink: jest.fn(async () => ({
      token: 'tok',
      expiresAt: new Date(),
      owner: { plan: 'free' as never, tenant_slug: null },
      email: 'Lea@example.com',
    })),
    appBaseUrl: 'https://app.example.com',
    tenantBaseUrl: 'https://%s.example.com',
    magicLinkTtlMinutes: 60,
    ...overrides,
  };
  return { activities: createDocumentEmailActivities(deps), deps, sendMail, sent };
}

const payload: DocumentEmailPayload = {
  kind: 'invoice',
  documentId: 'inv-1',
  ownerId: 'owner-1',
  to: ['lea@example.com'],
  attachPdf: true,
  requestKey: 'req:1',
};
const input = { jobRunId: 'job-1', payload, pdf: { key: 'pdfs/invoices/owner-1/inv-1/f.pdf', filename: 'f.pdf' } };

describe('sendDocumentEmail with fake deps', () => {
  it('mails the invoice with its pdf attached and records the send under the request key', async () => {
    const { activities, deps, sendMail } = setUp();
    expect(await env(1).run(activities.sendDocumentEmail, input)).toEqual({
      to: ['lea@example.com'],
      messageId: '<billing-invoice-req_1@studio.local>',
      status: 'ISSUED',
    });
    const mail = (sendMail.mock.calls[0] as unknown as [Record<string, unknown>])[0];
    expect(mail).toMatchObject({
      from: 'billing@example.com',
      to: ['lea@example.com'],
      subject: 'Facture F-7',
      messageId: '<billing-invoice-req_1@studio.local>',
      attachments: [expect.objectContaining({ filename: 'f.pdf', contentType: 'application/pdf' })],
    });
    expect(((deps.s3.send as jest.Mock).mock.calls[0][0] as GetObjectCommand).input.Key).toBe(input.pdf.key);
    expect(deps.recordDocumentSent).toHaveBeenCalledWith(
      'invoice',
      'owner-1',
      'inv-1',
      expect.objectContaining({ requestKey: 'req:1', jobRunId: 'job-1', templateKey: 'invoice-sent' }),
    );
  });

  it("gives the portal link to the client's own message only: anyone else mailed the document gets a copy without it", async () => {
    const { activities, sendMail } = setUp();
    await env(1).run(activities.sendDocumentEmail, {
      ...input,
      payload: { ...payload, to: ['lea@example.com', 'witness@example.com'] },
    });
    const mails = sendMail.mock.calls.map((c) => (c as unknown as [{ to: string[]; text: string; html: string }])[0]);
    expect(mails.map((m) => m.to)).toEqual([['lea@example.com'], ['witness@example.com']]);
    expect(mails[0].text).toContain('/portal/open/tok');
    expect(mails[1].text).not.toContain('/portal/open/');
    expect(mails[1].html).not.toContain('/portal/open/');
    expect(mails[1]).toMatchObject({ attachments: [expect.objectContaining({ filename: 'f.pdf' })] });
  });

  it('refuses for good (typed by the domain code, non-retryable) when the document is gone, and mails nothing', async () => {
    const { activities, sendMail } = setUp({
      findDocument: jest.fn(async () => {
        throw new NotFoundError('Invoice');
      }),
    });
    const failure = await env(1)
      .run(activities.sendDocumentEmail, input)
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'not_found', nonRetryable: true });
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('a retry (attempt 2) after the send was recorded mails nothing again and answers the same message id', async () => {
    const { activities, sendMail } = setUp();
    const first = await env(1).run(activities.sendDocumentEmail, input);
    const retry = await env(2).run(activities.sendDocumentEmail, input);
    expect(retry).toEqual(first);
    expect(sendMail).toHaveBeenCalledTimes(1);
  });

  it('recordDocumentEmailFailed records the failure unless the email went out', async () => {
    const { activities, deps, sent } = setUp();
    await env(1).run(activities.recordDocumentEmailFailed, { jobRunId: 'job-1', payload, error: 'SMTP 554' });
    expect(deps.recordDocumentEmailFailed).toHaveBeenCalledWith('invoice', 'owner-1', 'inv-1', {
      recipients: ['lea@example.com'],
      requestKey: 'req:1',
      jobRunId: 'job-1',
      error: 'SMTP 554',
    });
    sent.add('req:1');
    await env(2).run(activities.recordDocumentEmailFailed, { jobRunId: 'job-1', payload, error: 'SMTP 554' });
    expect(deps.recordDocumentEmailFailed).toHaveBeenCalledTimes(1);
  });
});
