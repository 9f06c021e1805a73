import { ApplicationFailure, WorkflowFailedError } from '@temporalio/client';
import { NotFoundError } from '../../domain/errors';
import { rethrowGoneFailure } from '../../lib/jobs/wait-for-job';

const failed = (type: string) =>
  new WorkflowFailedError(
    'Workflow execution failed',
    ApplicationFailure.create({
      type: 'job_failed',
      message: 'failed',
      cause: ApplicationFailure.create({ type, message: 'Session not found', nonRetryable: true }),
    }),
    'NON_RETRYABLE_FAILURE',
  );

describe('a job whose subject was deleted meanwhile', () => {
  it("is the api's 404 naming what is gone", () => {
    expect(() => rethrowGoneFailure(failed('not_found'), 'session')).toThrow(new NotFoundError('Session'));
  });

  it('leaves any other failure to the caller', () => {
    expect(() => rethrowGoneFailure(failed('render_failed'), 'session')).not.toThrow();
    expect(() => rethrowGoneFailure(new Error('boom'), 'session')).not.toThrow();
  });
});
