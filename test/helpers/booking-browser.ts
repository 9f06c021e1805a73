// A client booking a session on a studio's public booking page in headless Chromium, at the width
// the input gives: opens the week of free slots, picks the first one, types their details,
// submits, and prints as one JSON line what each page showed (the widest page, any page error).
// A child process: jest cannot load puppeteer-core (an ES module).
//
//   node --import tsx test/helpers/booking-browser.ts '{"url": "...", "chromiumPath": "...", "answers": {...}, "width": 390}'
import { runOnPhonePage, scrollWidth } from './phone-page';

runOnPhonePage(async (page, input) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(String(err)));
  const heading = await page.$eval('h1', (el) => el.textContent ?? '');
  const widths = [await scrollWidth(page)];
  const picked = await page.$eval('a.slot', (el) => ({
    time: el.textContent ?? '',
    studioTime: el.getAttribute('title') ?? '',
  }));
  await Promise.all([page.waitForNavigation({ waitUntil: 'load' }), page.click('a.slot')]);
  widths.push(await scrollWidth(page));
  const details = await page.$eval('#details + p', (el) => el.textContent ?? '').catch(() => null);
  for (const [name, value] of Object.entries(input.answers))
    await page.type(`form[method="post"] [name="${name}"]`, value);
  const [answered] = await Promise.all([
    page.waitForNavigation({ waitUntil: 'load' }),
    page.click('form[method="post"] button[type="submit"]'),
  ]);
  widths.push(await scrollWidth(page));
  const status = await page.$eval('[role="status"]', (el) => el.textContent ?? '').catch(() => null);
  return { heading, picked, details, httpStatus: answered?.status(), status, widest: Math.max(...widths), pageErrors };
});
