// A visitor filling a studio's public contact form in headless Chromium, on a phone-sized screen:
// opens the page, reads the studio's name and the form's labels, types the answers, submits, and
// prints as one JSON line what the page shows afterwards. A child process: jest cannot load
// puppeteer-core (an ES module).
//
//   node --import tsx test/helpers/contact-form-browser.ts '{"url": "...", "chromiumPath": "...", "answers": {"email": "..."}}'
import { createRequire } from 'node:module';
import type { PuppeteerNode } from 'puppeteer-core' with { 'resolution-mode': 'import' };

async function main() {
  const input = JSON.parse(process.argv[2]) as { url: string; chromiumPath: string; answers: Record<string, string>; screenshot?: string };
  const puppeteer = (createRequire(__filename)('puppeteer-core') as { default: PuppeteerNode }).default;
  const browser = await puppeteer.launch({ executablePath: input.chromiumPath, headless: true, args: process.getuid?.() === 0 ? ['--no-sandbox'] : [] });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 1 });
    const opened = await page.goto(input.url, { waitUntil: 'load' });
    if (opened?.status() !== 200) throw new Error(`the portal answered ${opened?.status()}`);
    const studioName = await page.$eval('.studio-name', (el) => el.textContent ?? '');
    const labels = await page.$$eval('form > label', (els) => els.map((el) => el.textContent ?? ''));
    if (input.screenshot) await page.screenshot({ path: input.screenshot, fullPage: true });
    for (const [name, value] of Object.entries(input.answers)) await page.type(`[name="${name}"]`, value);
    const [answered] = await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type="submit"]')]);
    const status = await page.$eval('[role="status"]', (el) => el.textContent ?? '').catch(() => null);
    const errors = await page.$$eval('.error', (els) => els.map((el) => el.textContent ?? ''));
    // Runs in the page: the document's width (this project has no DOM types).
    const width = await page.$eval('html', (el) => (el as unknown as { scrollWidth: number }).scrollWidth);
    process.stdout.write(`${JSON.stringify({ studioName, labels, httpStatus: answered?.status(), status, errors, scrollWidth: width })}\n`);
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
