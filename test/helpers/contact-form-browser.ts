// A visitor filling a studio's public contact form in headless Chromium, on a phone-sized screen:
// opens the page, reads the studio's name and the form's labels, types the answers, submits, and
// prints as one JSON line what the page shows afterwards. A child process: jest cannot load
// puppeteer-core (an ES module).
//
//   node --import tsx test/helpers/contact-form-browser.ts '{"url": "...", "chromiumPath": "...", "answers": {"email": "..."}}'
import { runOnPhonePage, scrollWidth } from './phone-page';

runOnPhonePage(async (page, input) => {
  const studioName = await page.$eval('.studio-name', (el) => el.textContent ?? '');
  const labels = await page.$$eval('form > label', (els) => els.map((el) => el.textContent ?? ''));
  if (input.screenshot) await page.screenshot({ path: input.screenshot, fullPage: true });
  for (const [name, value] of Object.entries(input.answers)) await page.type(`[name="${name}"]`, value);
  const [answered] = await Promise.all([
    page.waitForNavigation({ waitUntil: 'load' }),
    page.click('button[type="submit"]'),
  ]);
  const status = await page.$eval('[role="status"]', (el) => el.textContent ?? '').catch(() => null);
  const errors = await page.$$eval('.error', (els) => els.map((el) => el.textContent ?? ''));
  return { studioName, labels, httpStatus: answered?.status(), status, errors, scrollWidth: await scrollWidth(page) };
});
