// Bundles the workflow code (webpack, through the SDK) and writes it to the file named by argv[2].
// Run by workers/bundle-workflows.ts in a short-lived process of its own: webpack peaks at a few
// hundred MB, and a long-lived worker would keep that memory resident for the rest of its life.
import fs from 'node:fs';
import { bundleWorkflowCode } from '@temporalio/worker';
import { WORKFLOW_INTERCEPTOR_MODULES } from './workflow-interceptors';

async function main() {
  const [, , outFile] = process.argv;
  const quiet = () => {};
  const { code } = await bundleWorkflowCode({
    workflowsPath: require.resolve('../workflows'),
    workflowInterceptorModules: WORKFLOW_INTERCEPTOR_MODULES,
    logger: {
      trace: quiet,
      debug: quiet,
      info: quiet,
      log: quiet,
      warn: (m) => console.error(m),
      error: (m) => console.error(m),
    },
  });
  fs.writeFileSync(outFile, code);
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
