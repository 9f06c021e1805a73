import fs from 'node:fs';

/** The JSON lines a process has written to `file` so far (other lines, such as stack traces, skipped). */
export function readLogLines(file: string): Record<string, unknown>[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
