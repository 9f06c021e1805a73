import fs from 'node:fs';

/** CPU time (ms) used so far by each kind of process on this machine, read from /proc. */
export type CpuSnapshot = Map<string, number>;

const CLOCK_TICKS_PER_SECOND = 100;

/**
 * Which part of the bench a process is: the bench itself, the api, the HTTP-only reference
 * server, PostgreSQL (every backend), or anything else on the machine.
 */
function kind(pid: string, commandLine: string): string {
  if (pid === String(process.pid)) return 'bench client';
  if (commandLine.includes('api/main.ts')) return 'api';
  if (commandLine.includes('static-json-server')) return 'http-only server';
  if (commandLine.includes('postgres')) return 'postgres';
  return 'other';
}

/** Linux only; elsewhere an empty snapshot, and the bench prints no CPU line. */
export function cpuSnapshot(): CpuSnapshot {
  const totals: CpuSnapshot = new Map();
  if (!fs.existsSync('/proc/self/stat')) return totals;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const commandLine = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      // Fields after the command name; utime and stime are the 14th and 15th of the whole line.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
      const key = kind(pid, commandLine);
      totals.set(key, (totals.get(key) ?? 0) + ms);
    } catch {
      // The process ended while being read.
    }
  }
  return totals;
}

/** "api 1.32 ms, postgres 0.40 ms, ..." per operation between two snapshots, largest first. */
export function cpuPerOperation(before: CpuSnapshot, after: CpuSnapshot, operations: number): string {
  return [...after]
    .map(([key, ms]) => [key, (ms - (before.get(key) ?? 0)) / operations] as const)
    .filter(([key, perOp]) => key !== 'other' && perOp >= 0.005)
    .sort((a, b) => b[1] - a[1])
    .map(([key, perOp]) => `${key} ${perOp.toFixed(2)} ms`)
    .join(', ');
}
