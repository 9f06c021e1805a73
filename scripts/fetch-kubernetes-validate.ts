// Python's kubernetes-validate (PyPI), installed once per machine into a venv under
// ~/.cache/studio-service: it checks Kubernetes objects against the JSON schemas of the
// Kubernetes versions it ships (offline), the chart test's check of `helm template`'s output. The
// venv is made in a private folder renamed into place (scripts/cached-download.ts) and run as
// `<venv>/bin/python -m kubernetes_validate`, which does not mind the rename. By hand:
// `npx tsx scripts/fetch-kubernetes-validate.ts`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureCachedFolder } from './cached-download';

/** Pinned: its newest schemas are Kubernetes 1.37's. */
export const KUBERNETES_VALIDATE_VERSION = '1.37.0';

export function kubernetesValidateDir(): string {
  const cache = process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache');
  return path.join(cache, 'studio-service', `kubernetes-validate-${KUBERNETES_VALIDATE_VERSION}`);
}

/** The command that runs kubernetes-validate (python and its arguments), installed first when missing. */
export function ensureKubernetesValidate(log: (line: string) => void = console.log): string[] {
  const dir = ensureCachedFolder(kubernetesValidateDir(), 'installed', (staging) => {
    log(
      `Installing kubernetes-validate ${KUBERNETES_VALIDATE_VERSION} from PyPI into ${kubernetesValidateDir()} (once per machine)...`,
    );
    execFileSync('python3', ['-m', 'venv', staging], { stdio: ['ignore', 'inherit', 'inherit'] });
    execFileSync(
      path.join(staging, 'bin', 'python'),
      [
        '-m',
        'pip',
        'install',
        '-q',
        '--disable-pip-version-check',
        `kubernetes-validate==${KUBERNETES_VALIDATE_VERSION}`,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'], timeout: 600_000 },
    );
    fs.writeFileSync(path.join(staging, 'installed'), `${KUBERNETES_VALIDATE_VERSION}\n`);
  });
  return [path.join(dir, 'bin', 'python'), '-m', 'kubernetes_validate'];
}

if (require.main === module) {
  console.log(ensureKubernetesValidate().join(' '));
}
