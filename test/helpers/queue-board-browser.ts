// Drives the queue board in headless Chromium as an ops engineer would: signs in with basic auth,
// clicks a run's button and prints, as one JSON line, the notice the board shows afterwards and
// whether that run's row is still there. A child process: jest cannot load puppeteer-core (ES module).
//
//   tsx test/helpers/queue-board-browser.ts '{"url": "...", "chromiumPath": "/usr/bin/chromium", "user": "...", "password": "...", "runId": "...", "action": "replay"}'
import { createRequire } from 'node:module';
import type { PuppeteerNode } from 'puppeteer-core' with { 'resolution-mode': 'import' };

async function main() {
  const input = JSON.parse(process.argv[2]) as {
    url: string;
    chromiumPath: string;
    user: string;
    password: string;
    runId: string;
    action: 'replay' | 'terminate';
    screenshot?: string;
  };
  const puppeteer = (createRequire(__filename)('puppeteer-core') as { default: PuppeteerNode }).default;
  const browser = await puppeteer.launch({
    executablePath: input.chromiumPath,
    headless: true,
    args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
  });
  try {
    const page = await browser.newPage();
    await page.authenticate({ username: input.user, password: input.password });
    const first = await page.goto(input.url, { waitUntil: 'load' });
    if (first?.status() !== 200) throw new Error(`the board answered ${first?.status()}`);
    const button = await page.waitForSelector(`button[data-action="${input.action}"][data-run="${input.runId}"]`, {
      timeout: 10_000,
    });
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), button!.click()]);
    const notice = await page.$eval('.notice', (el) => el.textContent ?? '');
    if (input.screenshot) await page.screenshot({ path: input.screenshot, fullPage: true });
    process.stdout.write(`${JSON.stringify({ notice, url: page.url() })}\n`);
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
