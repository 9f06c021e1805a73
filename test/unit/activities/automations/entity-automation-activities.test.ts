import { type S3Client } from '@aws-sdk/client-s3';
import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { type Transporter } from 'nodemailer';
import pino from 'pino';
import {
  createEntityAutomationActivities,
  type EntityAutomationDeps,
} from '../../../../activities/automations/entity-automation-activities';
import { type EntityTaskRunContext } from '../../../../db/queries/entity-automations';
import { type SmsProvider } from '../../../../lib/sms/sms-provider';

const env = (attempt: number) =>
  new MockActivityEnvironment({ attempt, heartbeatTimeoutMs: 60_000 }, { logger: new DefaultLogger('ERROR') });

const lea = { id: 'contact-1', first_name: 'Léa', last_name: 'Dupont', email: 'lea@example.com', phone_number: null };

/** One entity task run: claimed once, finished once (db/commands/claim-entity-task-run.ts, finish-entity-task-run.ts). */
function setUp(overrides: Partial<EntityAutomationDeps> = {}) {
  const run = {
    id: 'entity-run-1',
    status: 'PENDING',
    error: null as string | null,
    entity_type: 'CONTACT',
    entity_id: 'contact-1',
    workflow_id: 'wf-1',
    contact_id: null,
  };
  const context = {
    run,
    task: {
      id: 'task-1',
      name: 'Bienvenue',
      task_type: 'AUTOMATIC_EMAIL',
      actions: [{ config: { subject: 'Bienvenue {{contact.first_name}}', message: 'Merci de votre confiance.' } }],
    },
    owner: { id: 'owner-1', locale: 'fr-FR', time_zone: 'Europe/Paris' },
  } as unknown as EntityTaskRunContext;
  const sendMail = jest.fn(async () => ({ messageId: 'm' }));
  const deps: EntityAutomationDeps = {
    logger: pino({ level: 'silent' }),
    sms: { send: jest.fn() } as unknown as SmsProvider,
    mailer: { sendMail } as unknown as Transporter,
    mailFrom: 'studio@example.com',
    s3: {} as S3Client,
    bucket: 'studio',
    findTaskSmsTemplate: jest.fn(),
    findStudioRegionSources: jest.fn(),
    findEmailTemplate: jest.fn(async () => null),
    loadClientFace: jest.fn(async () => null),
    applyAutomationToEntity: jest.fn(),
    loadEntityTaskRunContext: jest.fn(async () => context),
    loadEntityWithContact: jest.fn(async () => ({ document: null, contact: lea })) as never,
    claimEntityTaskRun: jest.fn(async () => {
      if (run.status !== 'PENDING') return false;
      run.status = 'RUNNING';
      return true;
    }),
    finishEntityTaskRun: jest.fn(async (_run, outcome: { status: string; error?: string }) => {
      run.status = outcome.status;
      run.error = outcome.error ?? null;
    }) as never,
    failEntityTaskRun: jest.fn(async () => undefined),
    ...overrides,
  };
  return { activities: createEntityAutomationActivities(deps), deps, run, sendMail };
}

const input = { jobRunId: 'job-1', taskRunId: 'entity-run-1' };

describe('entity workflow activities with fake deps', () => {
  it("mails the contact the task's message and finishes the run COMPLETED for that contact", async () => {
    const { activities, deps, sendMail } = setUp();
    expect(await env(1).run(activities.runEntityWorkflowTask, input)).toEqual({
      status: 'COMPLETED',
      error: undefined,
    });
    expect(sendMail).toHaveBeenCalledWith(expect.objectContaining({ to: 'lea@example.com', subject: 'Bienvenue Léa' }));
    expect(deps.finishEntityTaskRun).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'entity-run-1' }),
      expect.objectContaining({ status: 'COMPLETED', contactId: 'contact-1' }),
    );
  });

  it('finishes the run FAILED (no throw) when the contact was deleted since', async () => {
    const { activities, run, sendMail } = setUp({ loadEntityWithContact: jest.fn(async () => null) });
    expect(await env(1).run(activities.runEntityWorkflowTask, input)).toEqual({
      status: 'FAILED',
      error: 'The contact no longer exists',
    });
    expect(run.status).toBe('FAILED');
    expect(sendMail).not.toHaveBeenCalled();
  });

  it('applyEntityWorkflow refuses for good (not_found, non-retryable) when the workflow is gone', async () => {
    const { activities } = setUp({
      applyAutomationToEntity: jest.fn(async () => ({ missing: 'workflow' as const })) as never,
    });
    const failure = await env(1)
      .run(activities.applyEntityWorkflow, {
        jobRunId: 'job-1',
        appliedAt: Date.now(),
        payload: {
          ownerId: 'owner-1',
          workflowId: 'wf-1',
          triggerId: 't-1',
          entityType: 'CONTACT' as const,
          entityId: 'contact-1',
          firingId: '',
        },
      })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'not_found', nonRetryable: true, message: 'The workflow no longer exists' });
  });

  it('a retry (attempt 2) of a finished run answers how it ended and sends nothing again', async () => {
    const { activities, sendMail } = setUp();
    await env(1).run(activities.runEntityWorkflowTask, input);
    expect(await env(2).run(activities.runEntityWorkflowTask, input)).toEqual({
      status: 'COMPLETED',
      error: undefined,
    });
    expect(sendMail).toHaveBeenCalledTimes(1);
  });
});
