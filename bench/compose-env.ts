// What docker-compose.yml gives a service, read by the benches that start that service themselves,
// so a bench measures the process as it is deployed.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const repoRoot = path.resolve(__dirname, '..');

/** A docker-compose value as compose reads it: `${NAME:-default}` is NAME from this environment, else the default. */
const composeValue = (value: string) =>
  value.replace(/^\$\{(\w+):-(.*)\}$/, (_, name: string, fallback: string) => process.env[name] || fallback);

/** The variables among `names` that docker-compose.yml sets for `service`, as compose reads them. */
export function composeServiceEnv(service: string, names: string[]): Record<string, string> {
  const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, { environment?: Record<string, unknown> }>;
  };
  const env = compose.services[service]?.environment ?? {};
  const picked: Record<string, string> = {};
  for (const name of names)
    if (env[name] !== undefined && env[name] !== null) picked[name] = composeValue(String(env[name]));
  return picked;
}
