// A client answering the session-info form in headless Chromium, on a phone-sized screen: opens
// the invitation link, presses its button, screenshots the form, fills it (text inputs typed, selects chosen), submits
// and prints, as one JSON line, the status line the portal shows afterwards. A child process:
// jest cannot load puppeteer-core (an ES module).
//
//   tsx test/helpers/portal-browser.ts '{"url": "...", "chromiumPath": "...", "answers": {"venue": "..."}, "screenshot": "/tmp/form.png"}'
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
    // The link opens a page with one button; pressing it spends the link and shows the form.
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type="submit"]')]);
    if (input.screenshot) await page.screenshot({ path: input.screenshot, fullPage: true });
    for (const [name, value] of Object.entries(input.answers)) {
      const tag = await page.$eval(`[name="${name}"]`, (el) => el.tagName.toLowerCase());
      if (tag === 'select') await page.select(`[name="${name}"]`, value);
      else {
        await page.$eval(`[name="${name}"]`, (el) => ((el as unknown as { value: string }).value = ''));
        await page.type(`[name="${name}"]`, value);
      }
    }
    await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('button[type="submit"]')]);
    const status = await page.$eval('[role="status"]', (el) => el.textContent ?? '');
    // Runs in the page: the document's width (this project has no DOM types).
    const width = await page.$eval('html', (el) => (el as unknown as { scrollWidth: number }).scrollWidth);
    process.stdout.write(`${JSON.stringify({ status, scrollWidth: width })}\n`);
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
