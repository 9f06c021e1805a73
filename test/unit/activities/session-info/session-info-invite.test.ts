import { type S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { type Transporter } from 'nodemailer';
import {
  createSessionInfoInviteActivities,
  type SessionInfoInviteDeps,
} from '../../../../activities/session-info-invite';
import { type InviteContext } from '../../../../db/queries/session-info-invite';
import { NotFoundError } from '../../../../domain/errors';
import { createMemoryLogger } from '../../../fixtures/memory-logger';

const env = (attempt: number) => new MockActivityEnvironment({ attempt }, { logger: new DefaultLogger('ERROR') });

const context = {
  session: { id: 'session-1', title: 'Mariage Dupont' },
  contact: { id: 'contact-1', first_name: 'Léa', email: 'lea@example.com' },
  owner: { id: 'owner-1', studio_slug: null, plan: 'free' },
} as unknown as InviteContext;

function setUp(overrides: Partial<SessionInfoInviteDeps> = {}) {
  let tokens = 0;
  const sendMail = jest.fn(async () => ({ messageId: 'm' }));
  const deps: SessionInfoInviteDeps = {
    logger: createMemoryLogger().logger,
    mailer: { sendMail } as unknown as Transporter,
    s3: {} as S3Client,
    bucket: 'studio',
    mailFrom: 'studio@example.com',
    appBaseUrl: 'https://app.example.com',
    tenantBaseUrl: 'https://{slug}.example.com',
    magicLinkTtlMinutes: 60,
    loadInviteContext: jest.fn(async () => context),
    loadClientFace: jest.fn(async () => ({ locale: 'fr-FR' as const, studioName: 'Studio Lumière', logoKey: null })),
    ensureClientAccount: jest.fn(async () => ({ id: 'account-1' }) as never),
    issueMagicLink: jest.fn(async () => ({ token: `token-${++tokens}`, expiresAt: new Date() })),
    findInviteTemplate: jest.fn(async () => null),
    ...overrides,
  };
  return { activities: createSessionInfoInviteActivities(deps), deps, sendMail };
}

const input = {
  jobRunId: 'job-1',
  payload: { ownerId: 'owner-1', sessionId: 'session-1', requestKey: 'req-1' },
};

describe('sendSessionInfoInvite with fake deps', () => {
  it("mails the contact a portal link in the client's language, under the studio's name", async () => {
    const { activities, deps, sendMail } = setUp();
    const result = await env(1).run(activities.sendSessionInfoInvite, input);

    expect(result).toEqual({ to: 'lea@example.com', clientAccountId: 'account-1', templateId: null, locale: 'fr-FR' });
    expect(deps.issueMagicLink).toHaveBeenCalledWith('account-1', 'session-1', 60);
    expect(sendMail).toHaveBeenCalledTimes(1);
    const mail = (sendMail.mock.calls[0] as unknown as [Record<string, string>])[0];
    expect(mail).toMatchObject({
      from: 'studio@example.com',
      to: 'lea@example.com',
      subject: 'Préparons votre séance « Mariage Dupont »',
      messageId: '<session-info-invite-job-1@studio.local>',
    });
    expect(mail.text).toContain('https://app.example.com/portal/session-info/token-1');
    expect(mail.text).toContain('Studio Lumière');
  });

  it('refuses for good (non-retryable, typed by the code) when the session is gone, and mails nothing', async () => {
    const { activities, sendMail } = setUp({
      loadInviteContext: jest.fn(async () => {
        throw new NotFoundError('Session');
      }),
    });
    const failure = await env(1)
      .run(activities.sendSessionInfoInvite, input)
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'not_found', nonRetryable: true, message: 'Session not found' });
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('lets a mail server failure through as it is, for Temporal to retry', async () => {
    const sendMail = jest.fn(async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:1025');
    });
    const { activities } = setUp({ mailer: { sendMail } as unknown as Transporter });
    const failure = await env(1)
      .run(activities.sendSessionInfoInvite, input)
      .catch((err: unknown) => err);
    expect(failure).not.toBeInstanceOf(ApplicationFailure);
    expect((failure as Error).message).toBe('connect ECONNREFUSED 127.0.0.1:1025');
  });

  it('a retry (attempt 2) sends with a fresh link under the same message id, so mail systems drop a duplicate', async () => {
    const { activities, sendMail } = setUp();
    await env(1).run(activities.sendSessionInfoInvite, input);
    await env(2).run(activities.sendSessionInfoInvite, input);

    const mails = (sendMail.mock.calls as unknown as [Record<string, string>][]).map(([m]) => m);
    expect(mails.map((m) => m.messageId)).toEqual([
      '<session-info-invite-job-1@studio.local>',
      '<session-info-invite-job-1@studio.local>',
    ]);
    expect(mails[1].text).toContain('/portal/session-info/token-2');
  });
});
