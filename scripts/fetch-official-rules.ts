// Fetches the official e-invoice rule sets, as phive packages them, from Maven Central into a cache
// outside the clone, once per machine (as scripts/fetch-mustang-cli.ts does for Mustang): the CEN
// EN 16931 schematron for CII and UBL (`phive-rules-en16931`), OpenPeppol's BIS Billing 3 rules
// (`phive-rules-peppol`), the phive engine they need and a JAXB runtime. The tests run them through
// test/helpers/official-rules.ts; by hand: `npx tsx scripts/fetch-official-rules.ts`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureCachedFolder } from './cached-download';

/** Pinned: the rule sets' release the tests were checked against (docs/testing.md). */
export const PHIVE_RULES_VERSION = '4.3.7';
/** The JAXB runtime phive's schematron reports are read with (Java 17 has none of its own). */
const JAXB_RUNTIME_VERSION = '4.0.6';

/** One folder per version, so a bump fetches beside the old one. */
export function officialRulesDir(): string {
  return path.join(os.homedir(), '.cache', 'studio-service', 'phive-rules', PHIVE_RULES_VERSION);
}

const dependency = (group: string, artifact: string, version: string) =>
  `    <dependency><groupId>${group}</groupId><artifactId>${artifact}</artifactId><version>${version}</version></dependency>`;

const POM = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.studio-service</groupId>
  <artifactId>phive-rules-fetch</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
${dependency('com.helger.phive.rules', 'phive-rules-en16931', PHIVE_RULES_VERSION)}
${dependency('com.helger.phive.rules', 'phive-rules-peppol', PHIVE_RULES_VERSION)}
${dependency('org.glassfish.jaxb', 'jaxb-runtime', JAXB_RUNTIME_VERSION)}
  </dependencies>
</project>
`;

/** The folder of the rule sets' jars (with their dependencies), fetched first when the cache lacks it. */
export function ensureOfficialRules(log: (line: string) => void = console.log): string {
  const dir = officialRulesDir();
  ensureCachedFolder(dir, 'lib', (staging) => {
    log(
      `Fetching the official e-invoice rules ${PHIVE_RULES_VERSION} from Maven Central into ${dir} (once per machine)...`,
    );
    fs.writeFileSync(path.join(staging, 'pom.xml'), POM);
    execFileSync('mvn', ['-q', '-B', 'dependency:copy-dependencies', '-DoutputDirectory=lib'], {
      cwd: staging,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  });
  return path.join(dir, 'lib');
}

if (require.main === module) {
  console.log(ensureOfficialRules());
}
