import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, MIGRATION_ONLY_VARIABLES } from '../../../lib/config';
import { taskQueuesInUse } from '../../../workflows/contracts';
import { selectTaskQueues } from '../../../workers/task-queue-selection';

// docker-compose cannot run on these machines: these checks read the file as Docker would.
const root = path.resolve(__dirname, '..', '..', '..');
interface Service {
  environment?: Record<string, string>;
  volumes?: string[];
}
const compose = parse(fs.readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};

describe('docker-compose.yml', () => {
  it("mounts the dynamic config file Temporal's DYNAMIC_CONFIG_FILE_PATH names, and the file is valid YAML", () => {
    const temporal = compose.services.temporal;
    // The image resolves the path from /etc/temporal.
    const inContainer = path.posix.join('/etc/temporal', temporal.environment!.DYNAMIC_CONFIG_FILE_PATH);
    const mount = (temporal.volumes ?? [])
      .map((v) => v.split(':'))
      .find(([, target]) => inContainer.startsWith(`${target}/`));
    expect(mount).toBeDefined();
    const [source, target] = mount!;
    const onHost = path.join(root, source, path.posix.relative(target, inContainer));
    expect(fs.existsSync(onHost)).toBe(true);
    expect(() => parse(fs.readFileSync(onHost, 'utf8'))).not.toThrow();
  });

  it('gives the api and both workers every variable the service reads, S3_PUBLIC_ENDPOINT among them', () => {
    for (const service of ['api', 'worker', 'worker-exports']) {
      const env = compose.services[service].environment ?? {};
      expect(env).toHaveProperty('S3_PUBLIC_ENDPOINT');
      const missing = CONFIG_VARIABLES.filter((name) => !(name in env));
      // Each of these belongs to the other process only.
      const elsewhere =
        service === 'api'
          ? [
              'CHROMIUM_PATH',
              'EXPORT_PDF_MAX_ROWS',
              'EXPORT_PDF_CHUNK_ROWS',
              'WORKER_TASK_QUEUES',
              'WORKER_WORKFLOWS_IN_MAIN_THREAD',
            ]
          : [
              'API_PROCESSES',
              'RATE_LIMIT_AUTH_LOGIN',
              'RATE_LIMIT_AUTH_REGISTER',
              'RATE_LIMIT_EXPORT_SYNC',
              'RATE_LIMIT_EXPORT_ASYNC',
              'RATE_LIMIT_EMAIL_SEND',
              'RATE_LIMIT_CONTACT_FORM',
              'RATE_LIMIT_CLIENT_CHECKOUT',
              'RATE_LIMIT_CLIENT_DATA',
              'RATE_LIMIT_BOOKING',
              'RATE_LIMIT_CALENDAR_FEED',
              'EXPORT_SYNC_TIMEOUT_SECONDS',
              'EXPORT_SYNC_MAX_ROWS',
              'EXPORT_SYNC_MAX_ROWS_PDF',
            ];
      expect(missing.filter((name) => !elsewhere.includes(name) && !MIGRATION_ONLY_VARIABLES.includes(name))).toEqual(
        [],
      );
      // The tables' owner's password is the migration's alone: the service logs in as its own user.
      for (const name of MIGRATION_ONLY_VARIABLES) expect(env).not.toHaveProperty(name);
    }
  });

  it("migrates as the tables' owner and runs the service under a login of its own (issue 44 §3)", () => {
    const migrate = compose.services.migrate.environment ?? {};
    // The user of a URL as compose writes it (its password an interpolated variable).
    const user = (url: string | undefined) => /^postgres:\/\/([^:@]+)[:@]/.exec(url ?? '')?.[1];
    expect(user(migrate.MIGRATION_DATABASE_URL)).toBe('studio');
    for (const service of ['migrate', 'api', 'worker', 'worker-exports']) {
      const login = user(compose.services[service].environment?.DATABASE_URL);
      expect({ service, login }).toEqual({ service, login: 'studio_service' });
    }
  });

  it('splits the queues between the two workers: each queue is polled by exactly one of them', () => {
    const polled = (service: string) =>
      selectTaskQueues(compose.services[service].environment!.WORKER_TASK_QUEUES, taskQueuesInUse());
    const all = [...polled('worker'), ...polled('worker-exports')].sort();
    expect(all).toEqual(taskQueuesInUse());
    expect(polled('worker-exports')).toEqual(['exports']);
  });
});
