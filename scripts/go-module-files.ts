// Schemas published inside Go modules, read from the Go module cache: the module proxy is reachable
// where GitHub is not, and `go mod download` checks each module against the checksum database.
// The chart test validates rendered custom resources against their CRDs' openAPIV3Schema, and
// docker-compose.yml against the compose-spec schema, with these.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Pinned modules and the file each holds. */
export const SCHEMA_SOURCES = {
  /** KEDA's ScaledObject CRD. */
  scaledObjectCrd: {
    module: 'github.com/kedacore/keda/v2',
    version: 'v2.21.0',
    file: 'config/crd/bases/keda.sh_scaledobjects.yaml',
  },
  /** The Prometheus Operator's ServiceMonitor CRD (v0.85.0: the newest version the proxy lists). */
  serviceMonitorCrd: {
    module: 'github.com/prometheus-operator/prometheus-operator',
    version: 'v0.85.0',
    file: 'example/prometheus-operator-crd/monitoring.coreos.com_servicemonitors.yaml',
  },
  /** The Compose specification's JSON schema, as Docker Compose itself loads it. */
  composeSpec: {
    module: 'github.com/compose-spec/compose-go/v2',
    version: 'v2.16.2',
    file: 'schema/compose-spec.json',
  },
} as const;
export type SchemaSource = keyof typeof SCHEMA_SOURCES;

/** The text of one source's file, downloaded into the Go module cache first when missing. */
export function readSchemaSource(name: SchemaSource): string {
  const { module, version, file } = SCHEMA_SOURCES[name];
  // Outside any module, so no go.mod is read or written.
  const out = execFileSync('go', ['mod', 'download', '-json', `${module}@${version}`], {
    cwd: os.tmpdir(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 600_000,
  });
  const info = JSON.parse(out) as { Dir?: string; Error?: string };
  if (!info.Dir) throw new Error(`go mod download ${module}@${version}: ${info.Error ?? 'no directory'}`);
  return fs.readFileSync(path.join(info.Dir, file), 'utf8');
}
