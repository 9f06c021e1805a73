// What the headless-Chromium helpers share (portal-browser.ts, contact-form-browser.ts): the input
// given as one JSON argument, a phone-sized page opened on `url` (a 200, else the script fails),
// the page's width for the "fits a phone" checks, and the browser closed whatever happens. Child
// processes only: jest cannot load puppeteer-core (an ES module).
import { createRequire } from 'node:module';
import type { Page, PuppeteerNode } from 'puppeteer-core' with { 'resolution-mode': 'import' };

export interface PhonePageInput {
  url: string;
  chromiumPath: string;
  answers: Record<string, string>;
  screenshot?: string;
  /** The screen's width in CSS pixels: a phone's (390) unless told. */
  width?: number;
}

/** Runs `use` on a phone-sized page opened on the input's url, and writes what it answers as one JSON line. */
export function runOnPhonePage(use: (page: Page, input: PhonePageInput) => Promise<Record<string, unknown>>): void {
  const main = async () => {
    const input = JSON.parse(process.argv[2]) as PhonePageInput;
    const puppeteer = (createRequire(__filename)('puppeteer-core') as { default: PuppeteerNode }).default;
    const browser = await puppeteer.launch({
      executablePath: input.chromiumPath,
      headless: true,
      args: process.getuid?.() === 0 ? ['--no-sandbox'] : [],
    });
    try {
      const page = await browser.newPage();
      await page.setViewport({ width: input.width ?? 390, height: 844, deviceScaleFactor: 1 });
      const opened = await page.goto(input.url, { waitUntil: 'load' });
      if (opened?.status() !== 200) throw new Error(`the portal answered ${opened?.status()}`);
      process.stdout.write(`${JSON.stringify(await use(page, input))}\n`);
    } finally {
      await browser.close();
    }
  };
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

/** The document's width, read in the page (this project has no DOM types). */
export const scrollWidth = (page: Page): Promise<number> =>
  page.$eval('html', (el) => (el as unknown as { scrollWidth: number }).scrollWidth);
