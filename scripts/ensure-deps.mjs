// Runs before `npm start` and `npm test`: installs the npm packages when node_modules is missing
// or older than the lockfile, so a fresh clone needs nothing but these two commands.
// Plain JavaScript with no dependencies: it must run before anything is installed, on whatever
// Node the machine has (20 on the build machines). What runs after it is on the project's own
// Node.js 24, the `node` devDependency (node_modules/.bin/node, first on the PATH of npm scripts).
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
    const reason = String(ci.stderr)
      .split('\n')
      .filter((line) => /EUSAGE|Missing:|Invalid:|ERR|error code/.test(line));
    console.log(reason.slice(0, 3).join('\n'));
    // In CI a refused lockfile is a failure: a fresh clone of a user would meet it. Locally the
    // start goes on with `npm install --no-save`, which installs the locked versions where it can
    // and leaves the lockfile untouched; see docs/decisions.md for how to repair the lockfile.
    if (process.env.CI) {
      console.error(
        'npm ci refused package-lock.json (lines above); CI does not fall back to npm install. Fix the lockfile: docs/decisions.md, "The lockfile".',
      );
      process.exit(1);
    }
    console.log('npm ci refused the lockfile; installing the locked versions with npm install --no-save...');
    run('npm install --no-audit --no-fund --no-save');
  }
}

// The Node 24 binary comes from the `node` package's install script (docs/decisions.md). An
// install that skipped it (`--ignore-scripts`) or lost it would leave the scripts on the machine's
// Node without a word: run the script again, and stop when there is still no binary.
const node24 = path.join(root, 'node_modules', 'node', 'bin', 'node');
if (!fs.existsSync(node24)) {
  console.log("Fetching the project's Node.js 24 (npm rebuild node)...");
  spawnSync('npm', ['rebuild', 'node', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (!fs.existsSync(node24)) {
    console.error(
      'The Node.js 24 binary (node_modules/node/bin/node, from the npm package `node`) is missing; npm could not install it. See README, "Node.js 24".',
    );
    process.exit(1);
  }
}
