import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';

// The alert rules and Alertmanager's configuration, checked by the tools that will read them.
const root = path.resolve(__dirname, '..', '..', '..');

describe('deploy/prometheus', () => {
  it('has alert rules promtool accepts, with the four rules of the spec', () => {
    const out = execFileSync('promtool', ['check', 'rules', path.join(root, 'deploy/prometheus/alerts.yml')], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/SUCCESS: \d+ rules found/);
    const rules = (
      parse(fs.readFileSync(path.join(root, 'deploy/prometheus/alerts.yml'), 'utf8')) as {
        groups: { rules: { alert: string; for?: string }[] }[];
      }
    ).groups.flatMap((g) => g.rules);
    const byName = Object.fromEntries(rules.map((r) => [r.alert, r]));
    expect(byName.QueueDepthHigh.for).toBe('5m');
    expect(byName.JobFailRateHigh.for).toBe('5m');
    expect(byName.JobDurationP95High.for).toBe('10m');
    expect(byName.AiCostHigh.for).toBe('1h');
  });

  it('has a Prometheus configuration promtool accepts, sending alerts to Alertmanager', () => {
    // promtool resolves rule_files from the file's own folder: check a copy where the container path points there.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'prom-'));
    const config = fs
      .readFileSync(path.join(root, 'deploy/prometheus/prometheus.yml'), 'utf8')
      .replace('/etc/prometheus/alerts.yml', path.join(root, 'deploy/prometheus/alerts.yml'));
    fs.writeFileSync(path.join(dir, 'prometheus.yml'), config);
    try {
      expect(
        execFileSync('promtool', ['check', 'config', '--syntax-only', path.join(dir, 'prometheus.yml')], {
          encoding: 'utf8',
        }),
      ).toMatch(/SUCCESS/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(config).toMatch(/alertmanager:9093/);
  });
});

describe('deploy/alertmanager/entrypoint.sh', () => {
  const render = (env: Record<string, string>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'am-'));
    const out = path.join(dir, 'alertmanager.yml');
    try {
      execFileSync('sh', [path.join(root, 'deploy/alertmanager/entrypoint.sh')], {
        env: { PATH: process.env.PATH, ALERTMANAGER_CONFIG_OUT: out, ALERTMANAGER_BIN: 'true', ...env },
      });
      return parse(fs.readFileSync(out, 'utf8')) as {
        route: { receiver: string; routes: { receiver: string; matchers?: string[] }[] | null };
        receivers: Record<string, unknown>[];
      };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };

  it('routes to every configured channel, paging for critical alerts only', () => {
    const config = render({
      ALERT_CHAT_WEBHOOK_URL: 'https://chat.example/hook',
      ALERT_PAGING_WEBHOOK_URL: 'https://pager.example/hook',
      ALERT_WEBHOOK_URL: 'https://ops.example/hook',
      ALERT_EMAIL_TO: 'ops@studio.example',
    });
    expect(config.route.routes!.map((r) => r.receiver)).toEqual(['paging', 'chat', 'webhook', 'email']);
    expect(config.route.routes![0].matchers).toEqual(['severity="critical"']);
    const receivers = Object.fromEntries(config.receivers.map((r) => [r.name, r]));
    expect(receivers.chat).toMatchObject({ slack_configs: [{ api_url: 'https://chat.example/hook' }] });
    expect(receivers.paging).toMatchObject({ webhook_configs: [{ url: 'https://pager.example/hook' }] });
    expect(receivers.email).toMatchObject({ email_configs: [{ to: 'ops@studio.example', smarthost: 'maildev:1025' }] });
  });

  it('starts with no channel at all: one empty default receiver, nothing Alertmanager would refuse', () => {
    const config = render({});
    expect(config.route.receiver).toBe('default');
    expect(config.route.routes).toEqual([]);
    expect(config.receivers).toEqual([{ name: 'default' }]);
  });
});
