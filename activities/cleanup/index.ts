import { type CleanupActivities } from '../../workflows/cleanup/contract';
import { type CleanupDeps } from './deps';
import { createExportFilesCleanup } from './export-files';
import { createOrphanFileObjectsCleanup } from './orphan-file-objects';
import { createOrphanObjectsCleanup } from './orphan-objects';

/** The three cleanup activities (workflows/cleanup), built from one set of dependencies. */
export function createCleanupActivities(deps: CleanupDeps): CleanupActivities {
  return {
    ...createExportFilesCleanup(deps),
    ...createOrphanFileObjectsCleanup(deps),
    ...createOrphanObjectsCleanup(deps),
  };
}

export type { CleanupActivities } from '../../workflows/cleanup/contract';
export type { CleanupDeps } from './deps';
