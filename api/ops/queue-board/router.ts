import express, { type Request, type Response, Router } from 'express';
import { type Sequelize } from 'sequelize-typescript';
import { type Logger } from 'pino';
import { z } from 'zod';
import { DomainError, NotFoundError, ValidationError } from '../../../domain/errors';
import { JOB_RUN_STATUSES } from '../../../domain/jobs/job-run-status';
import { purgeDeadLetters } from '../../../db/commands/purge-dead-letters';
import { replayJob } from '../../../lib/jobs/replay-job';
import { terminateJob } from '../../../lib/jobs/terminate-job';
import { boardBasicAuth, type BoardAuth, boardFormToken, formTokenMatches } from './basic-auth';
import { type BoardDeps, readQueues, readRuns, type RunFilter } from './board-data';
import { renderBoard } from './page';

const day = z.iso.date();
const RunQuery = z.object({
  job_name: z.string().max(100).optional(),
  status: z.union([z.literal(''), z.enum(JOB_RUN_STATUSES)]).optional(),
  dlq: z.enum(['true', 'false']).optional(),
  from: z.union([z.literal(''), day]).optional(),
  to: z.union([z.literal(''), day]).optional(),
});
const RunId = z.uuid();

function runFilter(query: unknown): { filter: RunFilter; raw: z.infer<typeof RunQuery> } {
  const parsed = RunQuery.safeParse(query);
  if (!parsed.success)
    throw new ValidationError(
      `Invalid filter: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const q = parsed.data;
  // `to` is a whole day: runs started before the next midnight (UTC).
  const to = q.to ? new Date(Date.parse(q.to) + 86_400_000) : undefined;
  return {
    raw: q,
    filter: {
      jobName: q.job_name || undefined,
      status: q.status || undefined,
      inDlq: q.dlq === 'true' ? true : undefined,
      from: q.from ? new Date(q.from) : undefined,
      to,
    },
  };
}

function runIdOf(req: Request): string {
  const id = RunId.safeParse(req.params.jobRunId);
  if (!id.success) throw new NotFoundError('Job run');
  return id.data;
}

export interface QueueBoardDeps extends BoardDeps {
  sequelize: Sequelize;
  auth: BoardAuth;
  /** Signs the forms' token (JWT_SECRET). */
  secret: string;
  logger: Logger;
}

/** The deps and the forms' token, made once by the builder. */
type Board = QueueBoardDeps & { token: string };
type Handler = express.RequestHandler;

const STALE_FORM = 'This form is stale or came from another site: reload the queue board.';

const replay = async (board: Board, jobRunId: string, req: Request) =>
  (await replayJob(board.sequelize, board.temporal, jobRunId, req.requestId)).replay;

async function terminate(board: Board, jobRunId: string) {
  const settled = await terminateJob(board.sequelize, board.temporal, jobRunId, 'Terminated from the queue board');
  board.logger.warn(
    { jobRunId: settled.id, jobName: settled.job_name, workflowId: settled.workflow_id },
    'job terminated from the queue board',
  );
  return settled;
}

/**
 * Purges a job name's dead-letter entries once the operator has typed the job name (the
 * confirmation): a stray click or a mistyped name purges nothing. Logged with every run id.
 */
async function purge(board: Board, jobName: string, confirm: unknown) {
  if (confirm !== jobName) throw new ValidationError(`Type the job name (${jobName}) to confirm the purge`);
  const ids = await purgeDeadLetters(board.sequelize, jobName);
  board.logger.warn({ jobName, purged: ids.length, jobRunIds: ids }, 'dead-letter entries purged from the queue board');
  return ids;
}
const jobNameOf = (req: Request) => z.string().min(1).max(100).parse(req.params.jobName);

/** GET /ops/queues/health, for GET /ops/status: answers without credentials, says nothing but that the board is served. */
const health: Handler = (_req, res) => {
  res.json({ status: 'ok' });
};

/** GET /ops/queues: the page. */
const showBoard =
  (board: Board): Handler =>
  async (req, res) => {
    const { filter, raw } = runFilter(req.query);
    const [{ queues, jobs }, { runs, total }] = await Promise.all([readQueues(board), readRuns(board, filter)]);
    const notice = typeof req.query.notice === 'string' ? req.query.notice.slice(0, 300) : undefined;
    res.type('html').send(
      renderBoard({
        queues,
        jobs,
        runs,
        total,
        filter: { jobName: raw.job_name, status: raw.status, dlq: raw.dlq === 'true', from: raw.from, to: raw.to },
        formToken: board.token,
        notice,
      }),
    );
  };

/**
 * A form of the page: its token checked (403 otherwise), the action done, then back to the board
 * with a line saying what happened (303: a reload does not resubmit); a refused action says why.
 */
async function answerForm(board: Board, req: Request, res: Response, act: () => Promise<string>) {
  if (!formTokenMatches(board.token, (req.body as Record<string, unknown> | undefined)?.token)) {
    res.status(403).type('text/plain').send(STALE_FORM);
    return;
  }
  let notice: string;
  try {
    notice = await act();
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    notice = `Not done: ${err.message}.`;
  }
  res.redirect(303, `/ops/queues?notice=${encodeURIComponent(notice)}`);
}

/** POST /ops/queues/jobs/:jobName/purge: the page's purge form. */
const purgeForm =
  (board: Board): Handler =>
  async (req, res) =>
    answerForm(board, req, res, async () => {
      const jobName = jobNameOf(req);
      const confirm = (req.body as Record<string, unknown> | undefined)?.confirm;
      return `Purged ${(await purge(board, jobName, confirm)).length} dead-letter entries of ${jobName}.`;
    });

/** The page's replay and terminate forms. */
const formAction =
  (board: Board, action: 'replay' | 'terminate'): Handler =>
  async (req, res) =>
    answerForm(board, req, res, async () => {
      const jobRunId = runIdOf(req);
      return action === 'replay'
        ? `Replayed ${jobRunId} as ${(await replay(board, jobRunId, req)).id}.`
        : `Terminated ${(await terminate(board, jobRunId)).id}.`;
    });

// The JSON twin. POSTs must be JSON: a form on another site cannot send that content type.
const requireJson: Handler = (req, res, next) => {
  if (!req.is('application/json')) {
    res.status(415).json({
      statusCode: 415,
      error: 'Unsupported Media Type',
      code: 'unsupported_media_type',
      message: 'Send Content-Type: application/json',
    });
    return;
  }
  next();
};

const apiQueues =
  (board: Board): Handler =>
  async (_req, res) => {
    res.json(await readQueues(board));
  };
const apiRuns =
  (board: Board): Handler =>
  async (req, res) => {
    res.json(await readRuns(board, runFilter(req.query).filter, 200));
  };
const apiReplay =
  (board: Board): Handler =>
  async (req, res) => {
    const run = await replay(board, runIdOf(req), req);
    res
      .status(202)
      .json({ jobRunId: run.id, replayOf: run.replay_of, workflowId: run.workflow_id, status: run.status });
  };
const apiPurge =
  (board: Board): Handler =>
  async (req, res) => {
    const jobName = jobNameOf(req);
    const ids = await purge(board, jobName, (req.body as Record<string, unknown> | undefined)?.confirm);
    res.json({ jobName, purged: ids.length, jobRunIds: ids });
  };
const apiTerminate =
  (board: Board): Handler =>
  async (req, res) => {
    const run = await terminate(board, runIdOf(req));
    res.json({ jobRunId: run.id, status: run.status, in_dlq: run.in_dlq });
  };

/**
 * The queue board: an admin page at /ops/queues (server-rendered, no script) and its JSON twin
 * under /ops/queues/api. Both behind HTTP basic auth (QUEUE_BOARD_BASIC_AUTH_*). Actions: replay a
 * dead-lettered run (the same replay as POST /admin/jobs/:id/replay) and terminate a running one.
 */
export function buildQueueBoardRouter(deps: QueueBoardDeps): Router {
  const router = Router();
  const board: Board = { ...deps, token: boardFormToken(deps.secret, deps.auth.user) };
  router.get('/ops/queues/health', health);
  router.use('/ops/queues', boardBasicAuth(deps.auth), express.urlencoded({ extended: false, limit: '4kb' }));
  router.get('/ops/queues', showBoard(board));
  router.post('/ops/queues/jobs/:jobName/purge', purgeForm(board));
  router.post('/ops/queues/runs/:jobRunId/replay', formAction(board, 'replay'));
  router.post('/ops/queues/runs/:jobRunId/terminate', formAction(board, 'terminate'));
  router.get('/ops/queues/api/queues', apiQueues(board));
  router.get('/ops/queues/api/runs', apiRuns(board));
  router.post('/ops/queues/api/runs/:jobRunId/replay', requireJson, apiReplay(board));
  router.post('/ops/queues/api/jobs/:jobName/purge', requireJson, apiPurge(board));
  router.post('/ops/queues/api/runs/:jobRunId/terminate', requireJson, apiTerminate(board));
  return router;
}
