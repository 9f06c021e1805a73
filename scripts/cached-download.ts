// One folder of tools fetched from Maven Central into a cache outside the clone, once per machine
// (the Mustang CLI, the official e-invoice rule sets): filled in a private folder renamed into
// place, so two runs racing never see a half-written one.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * `dir` itself, made first when `done` (a file inside it) is missing: `fill` writes into a private
 * staging folder, which is then renamed to `dir`.
 */
export function ensureCachedFolder(dir: string, done: string, fill: (staging: string) => void): string {
  if (fs.existsSync(path.join(dir, done))) return dir;
  const staging = `${dir}.partial-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  fs.mkdirSync(staging, { recursive: true });
  try {
    fill(staging);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    try {
      fs.renameSync(staging, dir);
    } catch (err) {
      // Another run finished first: its copy is as good as ours.
      if (!fs.existsSync(path.join(dir, done))) throw err;
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return dir;
}
