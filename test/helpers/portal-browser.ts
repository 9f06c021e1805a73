// A client answering the session-info form in headless Chromium, on a phone-sized screen: opens
// the invitation link, presses its button, screenshots the form, fills it (text inputs typed, selects chosen), submits
// and prints, as one JSON line, the status line the portal shows afterwards. A child process:
// jest cannot load puppeteer-core (an ES module).
//
//   tsx test/helpers/portal-browser.ts '{"url": "...", "chromiumPath": "...", "answers": {"venue": "..."}, "screenshot": "/tmp/form.png"}'
import { runOnPhonePage, scrollWidth } from './phone-page';

runOnPhonePage(async (page, input) => {
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
  return { status, scrollWidth: await scrollWidth(page) };
});
