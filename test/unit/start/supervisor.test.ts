import { type ChildProcess } from 'node:child_process';
import { type ExitInfo, type Managed } from '../../../scripts/stack/process';
import { StartError } from '../../../scripts/stack/start-error';
import { createSupervisor, DEFAULT_RESTART_POLICY, FailureWindow } from '../../../scripts/stack/supervisor';

/** A stand-in for a started process: `die` ends it as a crash would, `stop` as the launcher does. */
function fakeProcess(name: string) {
  let end: (info: ExitInfo) => void = () => {};
  const exited = new Promise<ExitInfo>((resolve) => (end = resolve));
  let stops = 0;
  const managed: Managed = {
    name,
    child: { spawnfile: name } as ChildProcess,
    logFile: '/nonexistent/log',
    exited,
    stop: async () => {
      stops += 1;
      end({ code: null, signal: 'SIGTERM' });
      await exited;
    },
  };
  return { managed, die: (info: ExitInfo) => end(info), stops: () => stops };
}

async function until(what: string, check: () => boolean, ms = 2_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const fast = { maxFailures: 3, windowMs: 60_000, firstDelayMs: 1, maxDelayMs: 4 };

describe('restart policy', () => {
  it('waits 0.5, 1, 2 then 4 s, and gives up at the fifth failure within a minute', () => {
    const window = new FailureWindow(DEFAULT_RESTART_POLICY);
    const verdicts = [0, 1_000, 3_000, 7_000, 12_000].map((t) => window.record(t));
    expect(verdicts.slice(0, 4).map((v) => (v.giveUp ? 'give up' : v.delayMs))).toEqual([500, 1_000, 2_000, 4_000]);
    expect(verdicts[4]).toEqual({ giveUp: true, count: 5, sinceMs: 12_000 });
  });

  it('forgets failures older than the window: a part that ran a while starts afresh', () => {
    const window = new FailureWindow(DEFAULT_RESTART_POLICY);
    for (const t of [0, 1_000, 2_000, 3_000]) window.record(t);
    expect(window.record(3_000 + 60_000)).toEqual({ giveUp: false, count: 1, delayMs: 500 });
  });
});

describe('supervisor', () => {
  it('restarts a part that exits, saying that it stopped and that it is back', async () => {
    const lines: string[] = [];
    const gaveUp: string[] = [];
    const first = fakeProcess('Temporal');
    const second = fakeProcess('Temporal');
    const supervisor = createSupervisor({ log: (l) => lines.push(l), onGiveUp: (l) => gaveUp.push(l), policy: fast });
    const restarts: Managed[] = [second.managed];
    const part = supervisor.watch({ name: 'Temporal', current: first.managed, restart: async () => restarts.shift()! });

    first.die({ code: null, signal: 'SIGKILL' });
    await until('back', () => lines.length === 2);
    expect(lines).toEqual([
      'Temporal stopped: was killed by SIGKILL (log: /nonexistent/log); restarting it in 0 s',
      'Temporal is back.',
    ]);
    await part.stop();
    expect(second.stops()).toBe(1);
    expect(gaveUp).toEqual([]);
  });

  it('retries a restart that fails, and gives up with one line naming the part when it keeps stopping', async () => {
    const lines: string[] = [];
    const gaveUp: string[] = [];
    const first = fakeProcess('S3 (Versity Gateway)');
    const supervisor = createSupervisor({ log: (l) => lines.push(l), onGiveUp: (l) => gaveUp.push(l), policy: fast });
    let attempts = 0;
    supervisor.watch({
      name: 'S3 (Versity Gateway)',
      current: first.managed,
      restart: async () => {
        attempts += 1;
        throw new StartError('S3 (Versity Gateway)', 'port 7070 is already in use');
      },
    });
    first.die({ code: 2, signal: null });
    await until('give up', () => gaveUp.length === 1);
    expect(attempts).toBe(2);
    expect(lines).toEqual([
      'S3 (Versity Gateway) stopped: exited with code 2 (log: /nonexistent/log); restarting it in 0 s',
      'S3 (Versity Gateway) did not come back: port 7070 is already in use; restarting it in 0 s',
    ]);
    expect(gaveUp[0]).toMatch(
      /^S3 \(Versity Gateway\) keeps stopping \(3 times in \d+(\.\d)? s\), given up: S3 \(Versity Gateway\) did not come back: port 7070 is already in use$/,
    );
  });

  it('restarts nothing once the launcher is stopping', async () => {
    const lines: string[] = [];
    const first = fakeProcess('worker');
    const restart = jest.fn();
    const supervisor = createSupervisor({ log: (l) => lines.push(l), onGiveUp: () => {}, policy: fast });
    supervisor.watch({ name: 'worker', current: first.managed, restart });
    supervisor.close();
    first.die({ code: 0, signal: null });
    await first.managed.exited;
    await new Promise((r) => setTimeout(r, 20));
    expect(restart).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });
});
