// What docker-compose.yml gives a service, read by the benches that start that service themselves,
// so a bench measures the process as it is deployed.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const repoRoot = path.resolve(__dirname, '..');

/** A docker-compose value as compose reads it: `${NAME:-default}` is NAME from this environment, else the default. */
const composeValue = (value: string) =>
  value.replace(/^\$\{(\w+):-(.*)\}$/, (_, name: string, fallback: string) => process.env[name] || fallback);

interface ComposeService {
  command?: string[];
  environment?: Record<string, unknown>;
}

const composeServices = () =>
  (
    parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, ComposeService>;
    }
  ).services;

/** The node flags of a service's command (`node <flags> <script>`): the ones NODE_OPTIONS refuses. */
export function composeNodeArgs(service: string): string[] {
  const command = composeServices()[service]?.command ?? [];
  return command[0] === 'node' ? command.slice(1, -1).filter((arg) => arg.startsWith('--')) : [];
}

/** The variables among `names` that docker-compose.yml sets for `service`, as compose reads them. */
export function composeServiceEnv(service: string, names: string[]): Record<string, string> {
  const env = composeServices()[service]?.environment ?? {};
  const picked: Record<string, string> = {};
  // An empty value sets nothing, as before: the variable inherited from this environment stays.
  for (const name of names) if (env[name]) picked[name] = composeValue(String(env[name]));
  return picked;
}
