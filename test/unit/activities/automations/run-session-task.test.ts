import { type S3Client } from '@aws-sdk/client-s3';
import { type Client } from '@temporalio/client';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { type Transporter } from 'nodemailer';
import pino from 'pino';
import { createSessionTaskRunner, type SessionTaskDeps } from '../../../../activities/automations/run-session-task';
import { type TaskRunContext } from '../../../../db/queries/session-automation-task';
import { type SmsProvider } from '../../../../lib/sms/sms-provider';

const env = (attempt: number) =>
  new MockActivityEnvironment({ attempt, heartbeatTimeoutMs: 60_000 }, { logger: new DefaultLogger('ERROR') });

const lea = { id: 'contact-1', first_name: 'Léa', last_name: 'Dupont', email: 'lea@example.com', phone_number: null };

/** One task run in the database: claimed once, finished once, as db/commands/claim-task-run.ts and finish-task-run.ts keep it. */
function setUp(overrides: Partial<SessionTaskDeps> = {}) {
  const run = { id: 'task-run-1', status: 'PENDING', session_id: 'session-1', workflow_id: 'wf-1' };
  const context = {
    run,
    task: {
      id: 'task-1',
      name: 'Merci',
      task_type: 'AUTOMATIC_EMAIL',
      timing: 'IMMEDIATE',
      offset_minutes: 0,
      actions: [
        { config: { subject: 'Merci {{contact.first_name}}', message: 'À bientôt pour « {{session.title}} »' } },
      ],
    },
    session: { id: 'session-1', title: 'Mariage Dupont', start_date: null, location: null },
    owner: { id: 'owner-1', locale: 'fr-FR', time_zone: 'Europe/Paris' },
  } as unknown as TaskRunContext;
  const sendMail = jest.fn(async () => ({ messageId: 'm' }));
  const deps: SessionTaskDeps = {
    logger: pino({ level: 'silent' }),
    sms: { send: jest.fn() } as unknown as SmsProvider,
    mailer: { sendMail } as unknown as Transporter,
    mailFrom: 'studio@example.com',
    temporal: {} as Client,
    s3: {} as S3Client,
    bucket: 'studio',
    startJob: jest.fn(),
    loadTaskRunContext: jest.fn(async () => context),
    sessionRecipient: jest.fn(async () => lea) as never,
    sessionPeople: jest.fn(async () => []),
    assignedMembers: jest.fn(async () => []),
    claimTaskRun: jest.fn(async () => {
      if (run.status !== 'PENDING') return false;
      run.status = 'RUNNING';
      return true;
    }),
    finishTaskRun: jest.fn(async (_run, status: string) => {
      run.status = status;
    }) as never,
    findTaskSmsTemplate: jest.fn(),
    findStudioRegionSources: jest.fn(),
    findEmailTemplate: jest.fn(async () => null),
    loadClientFace: jest.fn(async () => null),
    ...overrides,
  };
  return { activities: createSessionTaskRunner(deps), deps, run, sendMail };
}

const input = { jobRunId: 'job-1', taskRunId: 'task-run-1', appliedAt: Date.now() - 1000, sessionStart: null };

describe('runWorkflowTask with fake deps', () => {
  it("mails the session's contact the task's message and finishes the run COMPLETED with the recipient", async () => {
    const { activities, deps, sendMail } = setUp();
    expect(await env(1).run(activities.runWorkflowTask, input)).toEqual({ status: 'COMPLETED', error: undefined });
    expect(sendMail).toHaveBeenCalledWith(
      expect.objectContaining({
        to: 'lea@example.com',
        subject: 'Merci Léa',
        text: expect.stringContaining('Mariage Dupont'),
      }),
    );
    expect(deps.finishTaskRun).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'task-run-1' }),
      'COMPLETED',
      expect.objectContaining({ session_id: 'session-1', workflow_task_id: 'task-1' }),
      undefined,
    );
  });

  it('finishes the run FAILED, without throwing, when the contact has no email (no retry can fix it)', async () => {
    const { activities, run, sendMail } = setUp({ sessionRecipient: jest.fn(async () => null) });
    const outcome = await env(1).run(activities.runWorkflowTask, input);
    expect(outcome).toMatchObject({ status: 'FAILED', error: expect.stringContaining('No email address') });
    expect(run.status).toBe('FAILED');
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('rethrows a mail server failure for Temporal to retry, the run left RUNNING', async () => {
    const sendMail = jest.fn(async () => {
      throw new Error('connect ECONNREFUSED');
    });
    const { activities, run, deps } = setUp({ mailer: { sendMail } as unknown as Transporter });
    await expect(env(1).run(activities.runWorkflowTask, input)).rejects.toThrow('connect ECONNREFUSED');
    expect(run.status).toBe('RUNNING');
    expect(deps.finishTaskRun).not.toHaveBeenCalled();
  });

  it('a retry (attempt 2) of a finished run answers its status and sends nothing again', async () => {
    const { activities, sendMail } = setUp();
    await env(1).run(activities.runWorkflowTask, input);
    expect(await env(2).run(activities.runWorkflowTask, input)).toEqual({ status: 'COMPLETED' });
    expect(sendMail).toHaveBeenCalledTimes(1);
  });
});
