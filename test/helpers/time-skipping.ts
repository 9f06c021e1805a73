// The workflow unit tier: Temporal's time-skipping test server (a Java process fetched once per
// machine, see scripts/fetch-time-skipping-server.ts) and workflow bundles made once per test file.
import { TestWorkflowEnvironment } from '@temporalio/testing';
import { bundleWorkflowCode, DefaultLogger, Runtime, type WorkflowBundle } from '@temporalio/worker';
import { WORKFLOW_INTERCEPTOR_MODULES } from '../../workers/workflow-interceptors';
import { ensureTimeSkippingServer } from '../../scripts/fetch-time-skipping-server';

// The SDK's own lines (worker state, bundle sizes, the 'Workflow failed' warning a failure test
// expects) would bury the test output; errors still show, from both the TS and the native side.
const quiet = new DefaultLogger('ERROR');
let runtimeInstalled = false;

function installQuietRuntime(): void {
  if (runtimeInstalled) return;
  Runtime.install({
    logger: quiet,
    telemetryOptions: { logging: { filter: { core: 'ERROR', other: 'ERROR' }, forward: {} } },
  });
  runtimeInstalled = true;
}

/**
 * The SDK waits a fixed 5 s for the Java server to answer (sdk-core's ephemeral_server, 50 tries
 * of 100 ms, no option), and a JVM started while both cores are busy (the checks beside jest, two
 * lanes) can take longer: a start refused for that reason alone is tried again, at most twice.
 */
const STARTS = 3;

/** A time-skipping environment on the cached Java test server; tear it down with `env.teardown()`. */
export async function startTimeSkippingEnv(): Promise<TestWorkflowEnvironment> {
  installQuietRuntime();
  const path = ensureTimeSkippingServer();
  for (let start = 1; ; start++) {
    try {
      return await TestWorkflowEnvironment.createTimeSkipping({
        server: { executable: { type: 'existing-path', path } },
      });
    } catch (error) {
      if (start === STARTS || !/did not start within/.test(String(error))) throw error;
    }
  }
}

/** Bundles a workflows module once, for every worker of a test file (bundling takes seconds). */
export function bundleWorkflows(workflowsPath: string): Promise<WorkflowBundle> {
  installQuietRuntime();
  return bundleWorkflowCode({ workflowsPath, workflowInterceptorModules: WORKFLOW_INTERCEPTOR_MODULES, logger: quiet });
}
