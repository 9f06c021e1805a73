import { type Chromium } from './chromium';

/** One A4 page set from html with the documents' margins: a page of the shared browser, closed after. */
export async function renderHtmlPdf(chromium: Chromium, html: string): Promise<Uint8Array> {
  const browser = await chromium.browser();
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    return await page.pdf({
      format: 'A4',
      printBackground: true,
      margin: { top: '15mm', right: '12mm', bottom: '15mm', left: '12mm' },
    });
  } finally {
    await page.close().catch(() => undefined);
  }
}
