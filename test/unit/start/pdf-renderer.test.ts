import {
  decideRenderer,
  DEFAULT_CHROMIUM_PATH,
  ensurePdfRenderer,
  RENDERER_PACKAGES,
  type RendererProbes,
} from '../../../scripts/stack/pdf-renderer';

/** A machine described by flags; apt "installs" by making the default path executable. */
function machine(opts: {
  executable?: string[];
  root: boolean;
  apt: boolean;
  aptFails?: boolean;
  aptInstallsNothing?: boolean;
}) {
  const executable = new Set(opts.executable ?? []);
  const installs: (readonly string[])[] = [];
  const probes: RendererProbes = {
    isExecutable: (file) => executable.has(file),
    isRoot: () => opts.root,
    hasApt: () => opts.apt,
    aptInstall: (packages) => {
      installs.push(packages);
      if (opts.aptFails) throw new Error('Command failed: apt-get update\nE: Could not resolve deb.debian.org');
      if (!opts.aptInstallsNothing) executable.add(DEFAULT_CHROMIUM_PATH);
    },
  };
  return { probes, installs };
}

async function run(chromiumPath: string | undefined, m: ReturnType<typeof machine>) {
  const lines: string[] = [];
  const available = await ensurePdfRenderer({
    chromiumPath,
    probes: m.probes,
    log: (l) => lines.push(l),
    logFile: '/tmp/apt.log',
  });
  return { available, lines };
}

describe('the pdf renderer at npm start', () => {
  it('does nothing when CHROMIUM_PATH (or the default) is executable', async () => {
    const m = machine({ executable: [DEFAULT_CHROMIUM_PATH], root: true, apt: true });
    expect(await run(undefined, m)).toEqual({ available: true, lines: [] });
    const custom = machine({ executable: ['/opt/chrome/chrome'], root: false, apt: false });
    expect(await run('/opt/chrome/chrome', custom)).toEqual({ available: true, lines: [] });
    expect([...m.installs, ...custom.installs]).toEqual([]);
  });

  it('installs chromium and fonts-dejavu-core as root with apt, saying so in one line before and one after', async () => {
    const m = machine({ root: true, apt: true });
    expect(decideRenderer(undefined, m.probes)).toEqual({
      action: 'install',
      path: DEFAULT_CHROMIUM_PATH,
      packages: ['chromium', 'fonts-dejavu-core'],
    });
    const { available, lines } = await run(undefined, m);
    expect(available).toBe(true);
    expect(m.installs).toEqual([RENDERER_PACKAGES]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^Installing the PDF renderer \(apt-get update, then apt-get install chromium fonts-dejavu-core\)/,
    );
    expect(lines[1]).toMatch(/^Installed the PDF renderer in \d+ s$/);
    // Once: the next start finds it.
    expect(await run(undefined, m)).toEqual({ available: true, lines: [] });
    expect(m.installs).toHaveLength(1);
  });

  const oneLine = [
    {
      what: 'not root',
      m: () => machine({ root: false, apt: true }),
      path: undefined,
      says: /sudo apt-get install chromium fonts-dejavu-core$/,
    },
    {
      what: 'root without apt',
      m: () => machine({ root: true, apt: false }),
      path: undefined,
      says: /no apt-get.*chromium fonts-dejavu-core/,
    },
    {
      what: 'a CHROMIUM_PATH elsewhere that is not executable',
      m: () => machine({ root: true, apt: true }),
      path: '/opt/chrome/chrome',
      says: /CHROMIUM_PATH=\/opt\/chrome\/chrome is not executable.*apt-get install chromium fonts-dejavu-core$/,
    },
  ];

  it.each(oneLine)(
    'prints one line naming the packages and the command, installs nothing and goes on: $what',
    async ({ m: make, path, says }) => {
      const m = make();
      expect(decideRenderer(path, m.probes).action).toBe('missing');
      const { available, lines } = await run(path, m);
      expect(available).toBe(false);
      expect(m.installs).toEqual([]);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^PDF renderer missing: .*pdf routes answer 503/);
      expect(lines[0]).toMatch(says);
      expect(lines[0]).not.toContain('\n');
    },
  );

  it('goes on with one line when apt fails, or installs and the browser is still not there', async () => {
    const failing = machine({ root: true, apt: true, aptFails: true });
    const failed = await run(undefined, failing);
    expect(failed.available).toBe(false);
    expect(failed.lines).toHaveLength(2);
    expect(failed.lines[1]).toBe(
      'PDF renderer not installed: Command failed: apt-get update (log: /tmp/apt.log); pdf routes answer 503 until it is there. Install it with: apt-get install chromium fonts-dejavu-core',
    );
    const empty = await run(undefined, machine({ root: true, apt: true, aptInstallsNothing: true }));
    expect(empty.available).toBe(false);
    expect(empty.lines[1]).toMatch(
      /^PDF renderer still missing after apt-get install chromium fonts-dejavu-core: \/usr\/bin\/chromium is not executable/,
    );
  });
});
