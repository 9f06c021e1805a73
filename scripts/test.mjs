// `npm test`: the type-check, Prettier, ESLint and the duplicate finder, and jest, side by side.
// The checks run one after another on one core while jest starts its stack and runs its files on
// both: the run is bound by CPU, and the checks alone used to keep one core idle for 90 s before
// jest began (docs/testing.md, "Where the time goes"). The checks' output is kept until they end;
// a failed check stops jest at once (its stack and workers end with it) and fails the run.
import { spawn } from 'node:child_process';

const CHECKS = [
  ['type-check', 'tsc', ['--noEmit', '-p', 'tsconfig.json']],
  ['Prettier', 'prettier', ['--check', '.']],
  ['ESLint', 'eslint', ['--max-warnings', '0', '.']],
  ['duplicates', 'npm', ['run', 'duplicates', '--silent']],
];

/** Runs `command`, its output kept, and resolves with its exit code and output. */
function runQuietly(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

async function runChecks() {
  const lines = [];
  for (const [name, command, args] of CHECKS) {
    const started = Date.now();
    const { code, output } = await runQuietly(command, args);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (code !== 0) return { ok: false, report: `${output}\nnpm test: the ${name} failed (${seconds} s).` };
    lines.push(`${name} passed (${seconds} s)`);
  }
  return { ok: true, report: `npm test: ${lines.join(', ')}.` };
}

// jest in a process group of its own, so that stopping it stops its workers, its stack and the
// workers its tests started; a Ctrl-C or SIGTERM of `npm test` is passed on to the whole group.
const jest = spawn('jest', ['--maxWorkers=2', ...process.argv.slice(2)], { stdio: 'inherit', detached: true });
const jestExit = new Promise((resolve) => jest.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
const stopJest = (signal) => {
  try {
    process.kill(-jest.pid, signal);
  } catch {
    // Already gone.
  }
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopJest(signal));

const checks = await runChecks();
if (!checks.ok) {
  stopJest('SIGTERM');
  await jestExit;
  console.error(checks.report);
  process.exit(1);
}
const jestCode = await jestExit;
console.log(checks.report);
process.exit(jestCode);
