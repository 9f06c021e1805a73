import { type Sequelize } from 'sequelize-typescript';
import { type JobRunRow } from '../db/rows';
import { type JobMeta } from '../lib/jobs/start-job';
import { type JobContract } from '../workflows/job-run/contract';

/**
 * A db/ function as an activity's deps carry it: the worker binds the one Sequelize handle
 * (workers/bind-db.ts), so the activity calls it without the handle and a test passes a fake.
 * Activities name db/ functions by type only (`import { type findUser }`, lint-enforced).
 */
export type Bound<F> = F extends (sequelize: Sequelize, ...args: infer A) => infer R ? (...args: A) => R : F;

/** lib/jobs/start-job.ts#startJob with the worker's Temporal client (and database) bound. */
export type StartJob = <P extends Record<string, unknown>, K>(
  contract: JobContract<P, K>,
  key: K,
  payload: P,
  meta?: JobMeta,
) => Promise<JobRunRow>;
