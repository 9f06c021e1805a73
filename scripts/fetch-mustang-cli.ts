// Fetches the Mustang project's command line validator (Factur-X / ZUGFeRD: veraPDF for PDF/A-3,
// the EN 16931 schematron and the French CTC rules) from Maven Central into a cache outside the
// clone, once per machine, as scripts/fetch-time-skipping-server.ts does for Temporal's server.
// The e-invoice integration test (test/integration/invoicing/facturx.test.ts) calls ensureMustangCli()
// itself; by hand: `npx tsx scripts/fetch-mustang-cli.ts`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureCachedFolder } from './cached-download';

/** Pinned: the version whose rules the tests were checked against (docs/e-invoicing.md). */
export const MUSTANG_VERSION = '2.26.0';

const JAR = `Mustang-CLI-${MUSTANG_VERSION}.jar`;

/** One folder per version, so a bump fetches beside the old one. */
export function mustangCliDir(): string {
  return path.join(os.homedir(), '.cache', 'studio-service', 'mustang-cli', MUSTANG_VERSION);
}

// The CLI is one self-contained jar (its dependencies inside); its published pom names a parent
// that Maven Central lacks, so the jar is copied as an artifact, without resolving its pom.
const POM = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.studio-service</groupId>
  <artifactId>mustang-cli-fetch</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
</project>
`;

/** The path of the CLI jar, fetched first when the cache lacks it (scripts/cached-download.ts). */
export function ensureMustangCli(log: (line: string) => void = console.log): string {
  const dir = mustangCliDir();
  ensureCachedFolder(dir, JAR, (staging) => {
    log(`Fetching the Mustang validator ${MUSTANG_VERSION} from Maven Central into ${dir} (once per machine)...`);
    fs.writeFileSync(path.join(staging, 'pom.xml'), POM);
    execFileSync(
      'mvn',
      [
        '-q',
        '-B',
        'dependency:copy',
        `-Dartifact=org.mustangproject:Mustang-CLI:${MUSTANG_VERSION}:jar`,
        '-DoutputDirectory=.',
      ],
      { cwd: staging, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    fs.rmSync(path.join(staging, 'pom.xml'));
  });
  return path.join(dir, JAR);
}

if (require.main === module) {
  console.log(ensureMustangCli());
}
