import { describeExit, type Managed } from './process';
import { oneLine, StartError } from './start-error';

/** When a part that keeps stopping is given up on, and how long to wait before each restart. */
export interface RestartPolicy {
  /** Failures (exits or failed restarts) within `windowMs` that make the launcher give up. */
  maxFailures: number;
  windowMs: number;
  /** Wait before the first restart; doubled after each failure in the window, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
}

/** 5 failures within a minute: a part that crashes at every start is given up on in about 8 s. */
export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  maxFailures: 5,
  windowMs: 60_000,
  firstDelayMs: 500,
  maxDelayMs: 8_000,
};

/** What to do after a failure: wait `delayMs` and restart, or give up. `count` is the failures in the window. */
export type Verdict =
  | { giveUp: false; count: number; delayMs: number }
  | { giveUp: true; count: number; sinceMs: number };

/**
 * The failures of one part: a pure record of times, so the policy is tested without processes.
 * Failures older than the window are forgotten (a part that ran for a while starts afresh).
 */
export class FailureWindow {
  private readonly times: number[] = [];

  constructor(private readonly policy: RestartPolicy = DEFAULT_RESTART_POLICY) {}

  record(now: number): Verdict {
    this.times.push(now);
    while (this.times.length && this.times[0] <= now - this.policy.windowMs) this.times.shift();
    const count = this.times.length;
    if (count >= this.policy.maxFailures) return { giveUp: true, count, sinceMs: now - this.times[0] };
    return {
      giveUp: false,
      count,
      delayMs: Math.min(this.policy.maxDelayMs, this.policy.firstDelayMs * 2 ** (count - 1)),
    };
  }
}

/** A process of the stack and how to start it again (same ports, same data on disk). */
export interface SupervisedSpec {
  name: string;
  current: Managed;
  /** Starts the part again and resolves once it is ready; called only after the previous process has exited. */
  restart: () => Promise<Managed>;
}

export interface SupervisedPart {
  /** Stops the part for good: no restart, and whatever process is current (or starting) is stopped. */
  stop: () => Promise<void>;
}

export interface Supervisor {
  watch: (spec: SupervisedSpec) => SupervisedPart;
  /** The launcher is stopping: exits from now on are expected, nothing is restarted. */
  close: () => void;
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** Pauses that end early, all at once, when the launcher closes. */
function createPauses(): { pause: (ms: number) => Promise<void>; wakeAll: () => void } {
  const wakers = new Set<() => void>();
  return {
    /** Waits `ms`, or less if the launcher closes meanwhile. */
    pause: (ms) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          wakers.delete(done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        wakers.add(done);
      }),
    wakeAll() {
      for (const wake of [...wakers]) wake();
    },
  };
}

/**
 * Watches the processes a launcher started. A process that exits is started again after a
 * backoff (its data is on disk); the console gets one line when it stops and one when it is
 * back. After `maxFailures` failures within the window, `onGiveUp` gets one line naming the part
 * (the launcher then stops everything and exits non-zero). Restarts wait for the old process's
 * exit, so Temporal's SQLite file and PostgreSQL's data folder are free again.
 */
export function createSupervisor(opts: {
  log: (line: string) => void;
  onGiveUp: (line: string) => void;
  policy?: RestartPolicy;
  now?: () => number;
}): Supervisor {
  const policy = opts.policy ?? DEFAULT_RESTART_POLICY;
  const now = opts.now ?? Date.now;
  let closed = false;
  const { pause, wakeAll } = createPauses();

  return {
    watch(spec) {
      let current = spec.current;
      let stopped = false;
      let restarting: Promise<Managed | undefined> | undefined;
      const failures = new FailureWindow(policy);
      const over = () => closed || stopped;

      const loop = async () => {
        for (;;) {
          const info = await current.exited;
          if (over()) return;
          let reason = `${spec.name} stopped: ${describeExit(current, info)}`;
          for (;;) {
            const verdict = failures.record(now());
            if (verdict.giveUp) {
              opts.onGiveUp(
                `${spec.name} keeps stopping (${verdict.count} times in ${seconds(verdict.sinceMs)}), given up: ${oneLine(reason)}`,
              );
              return;
            }
            opts.log(`${reason}; restarting it in ${seconds(verdict.delayMs)}`);
            await pause(verdict.delayMs);
            if (over()) return;
            restarting = spec.restart().then(
              (next) => next,
              (err: unknown) => {
                const why = err instanceof StartError ? err.reason : err instanceof Error ? err.message : String(err);
                reason = `${spec.name} did not come back: ${oneLine(why)}`;
                return undefined;
              },
            );
            const next = await restarting;
            restarting = undefined;
            if (next && over()) {
              await next.stop();
              return;
            }
            if (over()) return;
            if (next) {
              current = next;
              opts.log(`${spec.name} is back.`);
              break;
            }
          }
        }
      };
      void loop();

      return {
        async stop() {
          stopped = true;
          const pending = restarting;
          await current.stop();
          const late = await pending;
          await late?.stop();
        },
      };
    },
    close() {
      closed = true;
      wakeAll();
    },
  };
}
