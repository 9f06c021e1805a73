import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';

// CPU time and memory of the processes a bench started, each with its children, read from /proc
// (Linux only; elsewhere nothing is reported). Matching by process tree, not by command name,
// keeps other people's PostgreSQL or Temporal on a shared machine out of the figures.

interface ProcStat {
  pid: number;
  ppid: number;
  /** utime + stime, and cutime + cstime (its children that have exited, e.g. PostgreSQL's backends), in ms. */
  cpuMs: number;
}

const CLOCK_TICKS_PER_SECOND = 100;

function readStats(): ProcStat[] {
  if (!fs.existsSync('/proc/self/stat')) return [];
  const stats: ProcStat[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after "(comm) ": state, ppid, ..., utime, stime, cutime, cstime (12th to 15th).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      stats.push({ pid: Number(name), ppid: Number(fields[1]), cpuMs: (ticks * 1000) / CLOCK_TICKS_PER_SECOND });
    } catch {
      // The process ended while being read.
    }
  }
  return stats;
}

/** The first process whose command line contains every one of `parts` (e.g. a server and its port). */
export function findProcess(...parts: string[]): number | undefined {
  for (const name of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const commandLine = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (parts.every((p) => commandLine.includes(p))) return Number(name);
    } catch {
      // Gone already.
    }
  }
  return undefined;
}

/** CPU ms used so far by each named process and all its descendants. */
export type TreeCpu = Record<string, number>;

export function treeCpu(roots: Record<string, number | undefined>): TreeCpu {
  const stats = readStats();
  const children = new Map<number, ProcStat[]>();
  for (const s of stats) children.set(s.ppid, [...(children.get(s.ppid) ?? []), s]);
  const out: TreeCpu = {};
  for (const [label, pid] of Object.entries(roots)) {
    if (pid === undefined) continue;
    const root = stats.find((s) => s.pid === pid);
    if (!root) continue;
    let total = 0;
    const stack = [root];
    while (stack.length) {
      const s = stack.pop()!;
      total += s.cpuMs;
      stack.push(...(children.get(s.pid) ?? []));
    }
    out[label] = total;
  }
  return out;
}

/** "worker 61 % of a core, postgres 40 %, ..." between two readings `seconds` apart, largest first. */
export function cpuShares(before: TreeCpu, after: TreeCpu, seconds: number): string {
  return Object.entries(after)
    .map(([label, ms]) => [label, (ms - (before[label] ?? 0)) / 10 / seconds] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([label, pct]) => `${label} ${pct.toFixed(0)} %`)
    .join(', ');
}

/** "worker 12.3 ms, temporal 8.1 ms, ..." of CPU per item between two readings, largest first. */
export function cpuPerItem(before: TreeCpu, after: TreeCpu, items: number): string {
  return Object.entries(after)
    .map(([label, ms]) => [label, (ms - (before[label] ?? 0)) / items] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([label, ms]) => `${label} ${ms.toFixed(1)} ms`)
    .join(', ');
}

/** VmRSS or VmHWM (peak) of a process, in kB; null once it is gone. */
export function memoryKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** Stops a child process: SIGTERM, then SIGKILL if it has not exited within 15 s. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
