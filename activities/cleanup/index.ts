import { type CleanupDeps } from './deps';
import { createExportFilesCleanup } from './export-files';
import { createOrphanFileObjectsCleanup } from './orphan-file-objects';
import { createOrphanObjectsCleanup } from './orphan-objects';

/** The three cleanup activities (workflows/cleanup), built from one set of dependencies. */
export function createCleanupActivities(deps: CleanupDeps) {
  return {
    ...createExportFilesCleanup(deps),
    ...createOrphanFileObjectsCleanup(deps),
    ...createOrphanObjectsCleanup(deps),
  };
}

export type CleanupActivities = ReturnType<typeof createCleanupActivities>;
export type { CleanupDeps } from './deps';
