import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ensureCachedFolder } from '../../scripts/cached-download';

/**
 * A test helper's Java source compiled with `javac` against `classpath`, kept in `cacheDir` beside
 * the jars it runs with, one folder per version of its source: the folder of its classes.
 */
export function compiledJavaClasses(source: string, cacheDir: string, classpath: string): string {
  const digest = crypto.createHash('sha256').update(fs.readFileSync(source)).digest('hex').slice(0, 12);
  const mainClass = `${path.basename(source, '.java')}.class`;
  return ensureCachedFolder(path.join(cacheDir, `classes-${digest}`), mainClass, (staging) =>
    execFileSync('javac', ['-d', staging, '-cp', classpath, source], { stdio: ['ignore', 'inherit', 'inherit'] }),
  );
}
