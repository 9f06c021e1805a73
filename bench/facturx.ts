// Benchmark: an issued invoice rendered as a Factur-X (PDF/A-3b with factur-x.xml) against the
// same invoice rendered as a plain pdf (issue 22, Speed).
//
//   npx tsx bench/facturx.ts [N]   (or: npm run bench:facturx -- N; default 200)
//
// N invoices of one to eight lines at 20 %, 10 % and 5.5 %, made in memory from the same lines for
// the pdf (documentHtml) and the e-invoice (eInvoiceOf), so no database or S3 time enters either
// side. One Chromium, warmed by ten renders first. For each invoice in turn: the plain pdf (a page,
// setContent, page.pdf, as the worker renders the kept pdf), then the Factur-X made from that
// pdf (facturxPdf: the CII XML, the PDF/A-3 metadata and the attachment). The plain time is the
// first step; the Factur-X time is both, as a studio asking for its Factur-X waits for both.
// Prints the median and p95 of each and, last, `ratio: N.NN` (Factur-X median ÷ plain median) and
// `ratio p95: N.NN`. The target is at most 1.5 for both. Results: docs/performance.md.
import { documentHtml, type DocumentView } from '../domain/invoicing/document-html';
import { itemDocumentLines } from '../domain/invoicing/document-lines';
import { type EInvoiceItem, eInvoiceOf } from '../domain/invoicing/e-invoice';
import { failedEInvoiceRules } from '../domain/invoicing/e-invoice-rules';
import { createChromium } from '../lib/chromium';
import { extractInvoiceXml } from '../lib/facturx/extract-xml';
import { facturxPdf } from '../lib/facturx/generate';
import { E_INVOICE_BUYER, E_INVOICE_SELLER } from '../test/fixtures/e-invoice-parties';

const WARM_UP = 10;
const RATES = ['20', '10', '5.5'];

const SELLER = E_INVOICE_SELLER;
const BUYER = E_INVOICE_BUYER;

/** Invoice `i`: its lines (a fixed pseudo-random mix), its e-invoice and its document view from the e-invoice's own totals. */
function invoice(i: number): { view: DocumentView; einvoice: ReturnType<typeof eInvoiceOf> } {
  const count = 1 + ((i * 7) % 8);
  const items: EInvoiceItem[] = Array.from({ length: count }, (_, k) => ({
    item_type: 'SESSION_TYPE',
    description: `Prestation ${k + 1} de la facture ${i + 1}`,
    quantity: 1 + ((i + k) % 3),
    price_without_tax: (((i * 31 + k * 17) % 900) + 50).toFixed(2),
    vat_percentage: RATES[(i + k) % RATES.length],
  }));
  const number = `F-2026-${String(i + 1).padStart(5, '0')}`;
  const einvoice = eInvoiceOf({
    typeCode: '380',
    number,
    issueDate: '2026-11-24',
    dueDate: '2026-12-24',
    seller: SELLER,
    buyer: BUYER,
    items,
  });
  const view: DocumentView = {
    kind: 'invoice',
    locale: 'fr-FR',
    currency: 'EUR',
    number,
    title: `Séance ${i + 1}`,
    description: null,
    issuedOn: '2026-11-24',
    untilDate: '2026-12-24',
    status: 'ISSUED',
    company: {
      name: SELLER.company_name ?? '',
      legalForm: 'SARL',
      shareCapitalCents: 500_000n,
      siren: SELLER.siren,
      siret: SELLER.siret,
      vatNumber: SELLER.vat_number,
      rcsCity: 'Paris',
      address: ['12 rue Lepic', '75018 Paris'],
      email: SELLER.email,
      phone: null,
    },
    payment: { iban: SELLER.iban, bic: SELLER.bic, termsDays: 30, lateRate: '10', vatExempt: false },
    client: { name: BUYER.name, email: BUYER.email, address: [BUYER.street, `${BUYER.zipcode} ${BUYER.city}`] },
    body: itemDocumentLines(items),
    delivery: einvoice.delivery,
    deposit: null,
  };
  return { view, einvoice };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const stats = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
};

async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? process.env.BENCH_FACTURX_N ?? 200);
  if (!Number.isInteger(n) || n < 1 || n > 5_000) throw new Error('N must be an integer from 1 to 5 000');
  const chromium = createChromium({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const browser = await chromium.browser();
  const renderPdf = async (view: DocumentView) => {
    const page = await browser.newPage();
    try {
      await page.setContent(documentHtml(view), { waitUntil: 'load' });
      return await page.pdf({
        format: 'A4',
        printBackground: true,
        margin: { top: '15mm', right: '12mm', bottom: '15mm', left: '12mm' },
      });
    } finally {
      await page.close();
    }
  };
  try {
    const invoices = Array.from({ length: n }, (_, i) => invoice(i));
    const broken = invoices.filter((x) => failedEInvoiceRules(x.einvoice).length > 0);
    if (broken.length)
      throw new Error(`${broken.length} generated invoices break EN 16931 rules: the bench data is wrong`);
    for (let i = 0; i < WARM_UP; i++)
      await facturxPdf(invoices[i % n].einvoice, await renderPdf(invoices[i % n].view), 'warm-up.pdf');

    const plain: number[] = [];
    const facturx: number[] = [];
    for (const [i, x] of invoices.entries()) {
      const t0 = performance.now();
      const pdf = await renderPdf(x.view);
      const t1 = performance.now();
      const hybrid = await facturxPdf(x.einvoice, pdf, `${x.einvoice.number}.pdf`);
      const t2 = performance.now();
      plain.push(t1 - t0);
      facturx.push(t2 - t0);
      // Every tenth file read back: it carries its own invoice's XML.
      if (i % 10 === 0 && !(await extractInvoiceXml(hybrid))?.xml.includes(x.einvoice.number))
        throw new Error(`Factur-X ${x.einvoice.number} does not carry its XML`);
    }
    const p = stats(plain);
    const f = stats(facturx);
    console.log(`invoices: ${n} (after ${WARM_UP} warm-up renders), one Chromium`);
    console.log(`plain pdf      p50 ${p.p50.toFixed(1).padStart(7)} ms   p95 ${p.p95.toFixed(1).padStart(7)} ms`);
    console.log(`Factur-X       p50 ${f.p50.toFixed(1).padStart(7)} ms   p95 ${f.p95.toFixed(1).padStart(7)} ms`);
    console.log(`ratio: ${(f.p50 / p.p50).toFixed(2)}   (target at most 1.5)`);
    console.log(`ratio p95: ${(f.p95 / p.p95).toFixed(2)}   (target at most 1.5)`);
  } finally {
    await chromium.close();
  }
}

main().catch((err: Error) => {
  console.error(err);
  process.exit(1);
});
