// Fetches Temporal's Java time-skipping test server from Maven Central into a cache outside the
// clone, once per machine, and writes the wrapper that @temporalio/testing starts.
// Run by hand with `npx tsx scripts/fetch-time-skipping-server.ts`; the workflow tests' jest
// globalSetup calls ensureTimeSkippingServer() itself, so nobody has to.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Pinned to the version verified on these machines (STACK-NOTES.md). */
export const TEST_SERVER_VERSION = '1.38.0';

/** One folder per version, so a version bump fetches beside the old one instead of over it. */
export function timeSkippingServerDir(): string {
  return path.join(os.homedir(), '.cache', 'studio-service', 'temporal-test-server', TEST_SERVER_VERSION);
}

const WRAPPER = 'test-server';

// A tiny project whose only purpose is to name the server and let Maven resolve its jars.
const POM = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.studio-service</groupId>
  <artifactId>temporal-test-server-fetch</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>io.temporal</groupId>
      <artifactId>temporal-test-server</artifactId>
      <version>${TEST_SERVER_VERSION}</version>
    </dependency>
  </dependencies>
</project>
`;

// `exec` so that the SDK's kill on teardown reaches java rather than a shell that would leave it
// running. Tiered compilation stopped at C1 and the serial collector start the JVM faster on two
// busy cores, which matters more to a test run than peak throughput. The SDK gives the server a
// fixed 5 s to answer (test/helpers/time-skipping.ts): where the user may (root, as in CI), the
// JVM runs ahead of the test run's other processes (nice -10), so that two busy lanes cannot
// starve its start.
const WRAPPER_SCRIPT = `#!/bin/sh
here=$(dirname "$0")
ahead=""
[ "$(id -u)" = 0 ] && ahead="nice -n -10"
exec $ahead java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$here/lib/*" io.temporal.testserver.TestServer "$@"
`;

/** Writes the wrapper of a complete cache again when this script's differs (a cache fetched before a change to it). */
function refreshWrapper(dir: string): void {
  const file = path.join(dir, WRAPPER);
  if (fs.readFileSync(file, 'utf8') === WRAPPER_SCRIPT) return;
  const staging = `${file}.${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(staging, WRAPPER_SCRIPT, { mode: 0o755 });
  fs.renameSync(staging, file);
}

function isComplete(dir: string): boolean {
  return fs.existsSync(path.join(dir, WRAPPER)) && fs.existsSync(path.join(dir, 'lib'));
}

/**
 * Returns the path of the wrapper script, fetching the jars first when the cache lacks them.
 * The fetch happens in a private folder renamed into place at the end: two runs racing each
 * fetch, one rename wins, and nobody ever sees a half-filled cache.
 */
export function ensureTimeSkippingServer(log: (line: string) => void = console.log): string {
  const dir = timeSkippingServerDir();
  if (isComplete(dir)) {
    refreshWrapper(dir);
    return path.join(dir, WRAPPER);
  }

  const staging = `${dir}.partial-${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  fs.mkdirSync(staging, { recursive: true });
  try {
    log(
      `Fetching Temporal's time-skipping test server ${TEST_SERVER_VERSION} from Maven Central into ${dir} (once per machine)...`,
    );
    const started = Date.now();
    fs.writeFileSync(path.join(staging, 'pom.xml'), POM);
    execFileSync(
      'mvn',
      ['-q', '-B', 'dependency:copy-dependencies', '-DincludeScope=runtime', '-DoutputDirectory=lib'],
      {
        cwd: staging,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    fs.writeFileSync(path.join(staging, WRAPPER), WRAPPER_SCRIPT, { mode: 0o755 });
    try {
      fs.renameSync(staging, dir);
    } catch (err) {
      // Another run finished first: its copy is as good as ours.
      if (!isComplete(dir)) throw err;
    }
    log(`Fetched the test server in ${Math.round((Date.now() - started) / 1000)} s`);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return path.join(dir, WRAPPER);
}

if (require.main === module) {
  console.log(ensureTimeSkippingServer());
}
