// Runs before `npm start` and `npm test`: installs the npm packages when node_modules is missing
// or older than the lockfile, so a fresh clone needs nothing but these two commands.
// Plain JavaScript with no dependencies: it must run before anything is installed.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');

function run(command) {
  execSync(command, { cwd: root, stdio: 'inherit' });
}

const stale = !fs.existsSync(installed) || fs.statSync(installed).mtimeMs < fs.statSync(lock).mtimeMs;
if (stale) {
  console.log('Installing npm packages (npm ci)...');
  // npm's own output goes to the terminal; its long usage text on refusal is kept back.
  const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: ['inherit', 'inherit', 'pipe'] });
  if (ci.status !== 0) {
    const reason = String(ci.stderr).split('\n').filter((line) => /EUSAGE|Missing:|ERR|error code/.test(line));
    console.log(reason.slice(0, 3).join('\n'));
    // npm ci refuses a lockfile that lacks any platform binary (darwin, win32, ...) of @swc/core or
    // unrs-resolver. A registry mirror that only serves the packages of this platform produces exactly
    // such a lockfile. `npm install --no-save` installs the same locked versions and leaves the
    // lockfile untouched. See docs/decisions.md.
    console.log('npm ci refused the lockfile; installing the locked versions with npm install --no-save...');
    run('npm install --no-audit --no-fund --no-save');
  }
}
