// A client in headless Chromium following a quote email's portal link (issue 31): on a phone-sized
// screen, presses the link page's button, finds the signature form, signs (consent ticked, name
// typed), follows "pay the deposit" to the invoice, finds the pay buttons and presses "pay by
// card", noting where the portal sends the browser (the request is stopped there: the card
// provider is not reachable from a test). Then the same invoice page at desktop width. Prints one
// JSON line: what it found, each page's width, and every page error. A child process: jest cannot
// load puppeteer-core (an ES module).
//
//   tsx test/helpers/document-portal-browser.ts '{"url": "...", "chromiumPath": "...", "answers": {"signer_name": "..."}, "screenshot": "/tmp/x"}'
import type { HTTPRequest } from 'puppeteer-core' with { 'resolution-mode': 'import' };
import { runOnPhonePage, scrollWidth } from './phone-page';

runOnPhonePage(async (page, input) => {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${String(err)}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  const widths: Record<string, number> = {};
  const shot = async (name: string) => {
    widths[name] = await scrollWidth(page);
    if (input.screenshot) await page.screenshot({ path: `${input.screenshot}-${name}.png`, fullPage: true });
  };
  const navigate = (click: Promise<unknown>) => Promise.all([page.waitForNavigation({ waitUntil: 'load' }), click]);

  // The link's page has one button: pressing it spends the link and opens the quote.
  await navigate(page.click('button[type="submit"]'));
  const quoteUrl = page.url();
  const signForm = (await page.$('#sign-form')) !== null;
  const consent = (await page.$('#sign-form input[name="consent"][type="checkbox"]')) !== null;
  const nameInput = (await page.$('#sign-form input[name="signer_name"]')) !== null;
  const declineForm = (await page.$('#decline-form')) !== null;
  await shot('quote-phone');

  await page.click('#sign-form input[name="consent"]');
  await page.type('#sign-form input[name="signer_name"]', input.answers.signer_name);
  await navigate(page.click('#sign-form button[type="submit"]'));
  const signedStatus = await page.$eval('[role="status"]', (el) => el.textContent ?? '');
  await shot('signed-phone');

  const deposit = await page.$('a[data-action="pay-deposit"]');
  if (!deposit) return { quoteUrl, signForm, consent, nameInput, declineForm, signedStatus, widths, errors };
  await navigate(deposit.click());
  const invoiceUrl = page.url();
  const payCard = (await page.$('button[data-action="pay-card"]')) !== null;
  const payWallet = (await page.$('button[data-action="pay-wallet"]')) !== null;
  await shot('invoice-phone');

  await page.setViewport({ width: 1280, height: 900, deviceScaleFactor: 1 });
  await page.reload({ waitUntil: 'load' });
  await shot('invoice-desktop');

  // "Pay by card": the portal answers with a redirect to the provider's checkout page; the browser's
  // request for that page is stopped and its address kept.
  let checkoutUrl: string | null = null;
  await page.setRequestInterception(true);
  page.on('request', (request: HTTPRequest) => {
    const url = new URL(request.url());
    if (url.hostname === '127.0.0.1' || url.hostname === 'localhost') return void request.continue();
    checkoutUrl ??= request.url();
    return void request.abort();
  });
  await page.click('button[data-action="pay-card"]').catch(() => undefined);
  const deadline = Date.now() + 15_000;
  while (!checkoutUrl && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    quoteUrl,
    signForm,
    consent,
    nameInput,
    declineForm,
    signedStatus,
    invoiceUrl,
    payCard,
    payWallet,
    checkoutUrl,
    widths,
    errors,
  };
});
