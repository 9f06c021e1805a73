import {
  createEntityAutomationActivities,
  type EntityAutomationDb,
  type EntityAutomationDeps,
} from './entity-automation-activities';
import { createSessionTaskRunner, type SessionTaskDb, type SessionTaskDeps } from './run-session-task';
import { createSessionAutomationBookkeeping, type SessionAutomationBookkeepingDeps } from './session-bookkeeping';
import {
  type EntityAutomationActivities,
  type SessionAutomationActivities,
} from '../../workflows/automations/contract';

/** Every db/ function the automations' activities use, the handle bound (workers/activities.ts). */
export type AutomationDb = SessionAutomationBookkeepingDeps & SessionTaskDb & EntityAutomationDb;

/** The automations' dependencies: their data access, and the SMS provider, mailer, S3 and Temporal of their tasks. */
export type AutomationDeps = SessionTaskDeps & EntityAutomationDeps & AutomationDb;

/**
 * The studio's automations (workflows/automations/): the session's activities (its bookkeeping and
 * its task runner) and those of a contact, quote or invoice, from one set of dependencies.
 */
export function createAutomationActivities(
  deps: AutomationDeps,
): SessionAutomationActivities & EntityAutomationActivities {
  return {
    ...createSessionAutomationBookkeeping(deps),
    ...createSessionTaskRunner(deps),
    ...createEntityAutomationActivities(deps),
  };
}
