// Runs renderExport once in a process of its own, as a worker would, and prints the outcome as one
// JSON line: `{ "rendered": RenderedExport }` or `{ "failure": { type, message, nonRetryable } }`.
// pdf tests need it: puppeteer-core is an ES module that jest's module loader cannot load.
//
//   tsx test/helpers/render-export-child.ts '{"jobRunId": "...", "payload": {...}, "pdf": {...}}'
import { loadConfig } from '../../lib/config';
import { createChromium } from '../../lib/chromium';
import { createS3Client } from '../../lib/s3';
import { createSequelize } from '../../db/sequelize';
import { runRender } from './export-render';

async function main() {
  const input = JSON.parse(process.argv[2]);
  const config = loadConfig();
  const sequelize = createSequelize({ url: config.DATABASE_URL, poolMax: 2 });
  const s3 = createS3Client(config);
  const chromium = createChromium({ executablePath: config.CHROMIUM_PATH });
  try {
    const rendered = await runRender({ sequelize, s3, bucket: config.S3_BUCKET, chromium, pdf: input.pdf }, input.payload, input.jobRunId);
    process.stdout.write(`${JSON.stringify({ rendered })}\n`);
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
