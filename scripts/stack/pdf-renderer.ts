import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { isExecutableFile } from '../../lib/pdf-renderer';

/** The Debian packages that make pdfs: the browser, and a font (without one the pdfs have no text at all). */
export const RENDERER_PACKAGES = ['chromium', 'fonts-dejavu-core'] as const;

/** CHROMIUM_PATH's default in lib/config.ts: where Debian's `chromium` package puts the browser. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** What the launcher asks of the machine; injected so the decision is tested without apt. */
export interface RendererProbes {
  isExecutable: (file: string) => boolean;
  isRoot: () => boolean;
  hasApt: () => boolean;
  /** Runs `apt-get update`, then installs `packages`; fails when apt fails. Never blocks the launcher. */
  aptInstall: (packages: readonly string[]) => void | Promise<void>;
}

/** present: nothing to do. install: root with apt, the default path. missing: one line, start without it. */
export type RendererDecision =
  | { action: 'present'; path: string }
  | { action: 'install'; path: string; packages: readonly string[] }
  | { action: 'missing'; path: string; line: string };

const INSTALL_COMMAND = `apt-get install ${RENDERER_PACKAGES.join(' ')}`;
const NO_PDF = 'pdf routes answer 503 until it is there';

/**
 * Decides what `npm start` does about the pdf renderer. Installing is only worth it for the
 * default path (that is where the package puts the browser) and only possible as root with apt;
 * anything else is one line naming the packages and the command, and the start goes on.
 */
export function decideRenderer(
  configured: string | undefined,
  probes: Pick<RendererProbes, 'isExecutable' | 'isRoot' | 'hasApt'>,
): RendererDecision {
  const path = configured || DEFAULT_CHROMIUM_PATH;
  if (probes.isExecutable(path)) return { action: 'present', path };
  const missing = (line: string): RendererDecision => ({
    action: 'missing',
    path,
    line: `PDF renderer missing: ${line}`,
  });
  if (path !== DEFAULT_CHROMIUM_PATH) {
    return missing(
      `CHROMIUM_PATH=${path} is not executable; ${NO_PDF}. Fix it, or unset it and install Debian's: ${INSTALL_COMMAND}`,
    );
  }
  if (!probes.hasApt()) {
    return missing(
      `${path} is not there and this machine has no apt-get; ${NO_PDF}. Install Chromium and a font (Debian: ${RENDERER_PACKAGES.join(' ')}) and set CHROMIUM_PATH`,
    );
  }
  if (!probes.isRoot()) return missing(`${path} is not there; ${NO_PDF}. Install it with: sudo ${INSTALL_COMMAND}`);
  return { action: 'install', path, packages: RENDERER_PACKAGES };
}

/** The real machine: file modes, the user id, apt-get with its output in `logFile`. */
export function systemProbes(logFile: string): RendererProbes {
  return {
    isExecutable: isExecutableFile,
    isRoot: () => process.getuid?.() === 0,
    hasApt: () => spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0,
    // Asynchronous, so that the install runs beside the tools' builds and PostgreSQL's start.
    aptInstall: async (packages) => {
      const run = promisify(execFile);
      const options = { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, maxBuffer: 64 * 1024 * 1024 };
      const logged = async (args: string[]) => {
        try {
          const { stdout, stderr } = await run('apt-get', args, options);
          fs.appendFileSync(logFile, stdout + stderr);
        } catch (err) {
          const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string };
          fs.appendFileSync(logFile, stdout + stderr);
          throw err;
        }
      };
      await logged(['update']);
      await logged(['install', '-y', '--no-install-recommends', ...packages]);
    },
  };
}

/**
 * Makes sure the pdf renderer is there, like the Go-built servers: installs it once when it can
 * (one line before, one after), otherwise prints one line and goes on. Never fails the start:
 * the api answers 503 on pdf routes without it. Returns whether the renderer is there.
 */
export async function ensurePdfRenderer(opts: {
  chromiumPath: string | undefined;
  probes: RendererProbes;
  log: (line: string) => void;
  logFile: string;
}): Promise<boolean> {
  const decision = decideRenderer(opts.chromiumPath, opts.probes);
  if (decision.action === 'present') return true;
  if (decision.action === 'missing') {
    opts.log(decision.line);
    return false;
  }
  opts.log(
    `Installing the PDF renderer (apt-get update, then ${INSTALL_COMMAND}): a one-time step of about a minute...`,
  );
  const started = Date.now();
  try {
    await opts.probes.aptInstall(decision.packages);
  } catch (err) {
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
    opts.log(
      `PDF renderer not installed: ${reason} (log: ${opts.logFile}); ${NO_PDF}. Install it with: ${INSTALL_COMMAND}`,
    );
    return false;
  }
  if (!opts.probes.isExecutable(decision.path)) {
    opts.log(
      `PDF renderer still missing after ${INSTALL_COMMAND}: ${decision.path} is not executable (log: ${opts.logFile}); ${NO_PDF}`,
    );
    return false;
  }
  opts.log(`Installed the PDF renderer in ${Math.round((Date.now() - started) / 1000)} s`);
  return true;
}
