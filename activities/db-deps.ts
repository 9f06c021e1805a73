import { type Sequelize } from 'sequelize-typescript';

/**
 * A db/ function as an activity's deps carry it: the worker binds the one Sequelize handle
 * (workers/bind-db.ts), so the activity calls it without the handle and a test passes a fake.
 * Activities name db/ functions by type only (`import { type findUser }`, lint-enforced).
 */
export type Bound<F> = F extends (sequelize: Sequelize, ...args: infer A) => infer R ? (...args: A) => R : F;
