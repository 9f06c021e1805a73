import fs from 'node:fs';
import path from 'node:path';

// The project brings its own Node.js 24 (the `node` devDependency, docs/decisions.md): npm scripts
// put node_modules/.bin first on PATH, so jest, tsx and every `node` they start run on it even
// where the machine's own Node is 20.
const root = path.resolve(__dirname, '..', '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
  allowScripts?: Record<string, boolean>;
};
const major = (version: string) => Number(/^v?(\d+)\./.exec(version)?.[1]);

describe('Node.js 24', () => {
  it('runs this test run', () => {
    expect(major(process.versions.node)).toBe(24);
    // The binary the `node` devDependency installs, not the machine's.
    expect(fs.realpathSync(process.execPath)).toBe(
      fs.realpathSync(path.join(root, 'node_modules', 'node', 'bin', 'node')),
    );
  });

  it('is the version pinned in package.json, the lockfile, .nvmrc, engines and the Dockerfile', () => {
    const pinned = pkg.devDependencies.node;
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(process.versions.node).toBe(pinned);
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string }>;
    };
    expect(lock.packages['node_modules/node']?.version).toBe(pinned);
    expect(fs.readFileSync(path.join(root, '.nvmrc'), 'utf8').trim()).toBe('24');
    expect(pkg.engines.node).toBe('>=24');
    expect(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8')).toMatch(/^FROM node:24-bookworm-slim$/m);
  });

  it("approves the `node` package's install script, which fetches the binary (npm 11 allowScripts)", () => {
    expect(pkg.allowScripts?.node).toBe(true);
  });
});
