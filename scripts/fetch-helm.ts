// Builds Helm (a Go module) into the tools cache, once per machine, as the local stack's Go servers
// are built (scripts/stack/tools.ts): `go install` into a private folder renamed into place
// (scripts/cached-download.ts), so two runs racing never see a half-written binary. The chart test
// (test/integration/deploy/helm-chart.test.ts) calls ensureHelm() itself; by hand:
// `npx tsx scripts/fetch-helm.ts`.
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureCachedFolder } from './cached-download';
import { toolsDir } from './stack/tools';

/** Pinned: a version the Go module proxy serves and `go install` accepts (no replace directives). */
export const HELM_VERSION = 'v3.22.0';
const HELM_MODULE = `helm.sh/helm/v3/cmd/helm@${HELM_VERSION}`;

/** One folder per version, so a bump builds beside the old one. */
export function helmDir(): string {
  return path.join(toolsDir(), `helm-${HELM_VERSION}`);
}

/** The path of the helm binary, built first when the cache lacks it. */
export function ensureHelm(log: (line: string) => void = console.log): string {
  const dir = ensureCachedFolder(helmDir(), 'helm', (staging) => {
    if (spawnSync('go', ['version'], { stdio: 'ignore' }).status !== 0) {
      throw new Error(`helm ${HELM_VERSION} is not built yet and Go is missing to build it: install Go`);
    }
    log(`Building helm ${HELM_VERSION} into ${helmDir()}: a one-time step of a few minutes...`);
    const started = Date.now();
    execFileSync('go', ['install', HELM_MODULE], {
      env: { ...process.env, GOBIN: staging, GOFLAGS: '-mod=mod' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    log(`Built helm in ${Math.round((Date.now() - started) / 1000)} s`);
  });
  return path.join(dir, 'helm');
}

if (require.main === module) {
  console.log(ensureHelm());
}
