// Runs renderExport once in a process of its own, as a worker would, and prints the outcome as one
// JSON line: `{ "rendered": RenderedExport }` or `{ "failure": { type, message, nonRetryable } }`.
// pdf tests need it: puppeteer-core is an ES module that jest's module loader cannot load.
// With `"crashChromium": true`, it renders, kills the worker's Chromium with SIGKILL (as an
// out-of-memory kill would), and renders again with the same shared browser handle:
// `{ "rendered": ..., "afterCrash": RenderedExport }`.
//
//   tsx test/helpers/render-export-child.ts '{"jobRunId": "...", "payload": {...}, "pdf": {...}}'
import crypto from 'node:crypto';
import { loadConfig } from '../../lib/config';
import { createChromium } from '../../lib/chromium';
import { createS3Client } from '../../lib/s3';
import { createSequelize } from '../../db/sequelize';
import { runRender } from './export-render';

async function main() {
  const input = JSON.parse(process.argv[2]);
  const config = loadConfig();
  const sequelize = createSequelize({ url: config.DATABASE_URL, poolMax: 2, appRole: config.DATABASE_APP_ROLE });
  const s3 = createS3Client(config);
  const chromium = createChromium({ executablePath: config.CHROMIUM_PATH });
  try {
    const deps = { sequelize, s3, bucket: config.S3_BUCKET, chromium, pdf: input.pdf };
    const rendered = await runRender(deps, input.payload, input.jobRunId);
    if (!input.crashChromium) {
      process.stdout.write(`${JSON.stringify({ rendered })}\n`);
      return;
    }
    const browser = await chromium.browser();
    const gone = new Promise((resolve) => browser.once('disconnected', resolve));
    browser.process()?.kill('SIGKILL');
    await gone;
    const afterCrash = await runRender(deps, input.payload, crypto.randomUUID());
    process.stdout.write(`${JSON.stringify({ rendered, afterCrash })}\n`);
  } catch (err) {
    const { type, message, nonRetryable } = err as { type?: string; message: string; nonRetryable?: boolean };
    process.stdout.write(`${JSON.stringify({ failure: { type, message, nonRetryable } })}\n`);
  } finally {
    await chromium.close();
    await sequelize.close();
    s3.destroy();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
