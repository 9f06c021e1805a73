import { ApplicationFailure } from '@temporalio/common';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { Readable } from 'node:stream';
import { type Chromium } from '../../lib/chromium';
import { ENTITY_TITLES } from '../../domain/exports/export-file';
import { LANDSCAPE_FROM_COLUMNS, pdfChunkHtml, type PdfHeading } from './pdf-html';
import { type RenderedFile, type RenderParams } from './render-params';
import { uploadStream } from './upload-stream';

/** Margins leave room at the bottom for the page numbers drawn after merging. */
const MARGIN = { top: '12mm', right: '10mm', bottom: '16mm', left: '10mm' };

/** The failure of a pdf export over the row cap: bad input for this format, retrying cannot help. */
export function exportTooLarge(rows: number, maxRows: number): ApplicationFailure {
  return ApplicationFailure.nonRetryable(
    `This export has ${rows} rows; a pdf export holds at most ${maxRows}. Export as csv or excel instead.`,
    'export_too_large',
    { rows, maxRows },
  );
}

/** Renders one chunk to pdf bytes on a page of its own, closed afterwards (its memory goes with it). */
async function renderChunk(chromium: Chromium, html: string, landscape: boolean): Promise<Uint8Array> {
  const browser = await chromium.browser();
  const page = await browser.newPage();
  try {
    await page.setContent(html, { waitUntil: 'load' });
    return await page.pdf({ format: 'A4', landscape, printBackground: true, margin: MARGIN });
  } finally {
    await page.close().catch(() => undefined);
  }
}

/**
 * A pdf export. Chromium's memory grows much faster than the rows of one page (0.7 GB for 1000
 * rows, 6.9 GB for 10 000), so the table is laid out in chunks of `chunkRows`, each its own
 * page.pdf, and the chunks are merged with pdf-lib. Page numbers ("Page 3 of 12") are drawn after
 * the merge, so they run across chunks. Over `maxRows` the export fails without rendering
 * anything. The merged file (a few MB at the cap) is the one export held whole in memory.
 */
export async function renderPdf(
  params: RenderParams & { chromium: Chromium; generatedAt: string; maxRows: number; chunkRows: number },
): Promise<RenderedFile> {
  const {
    client,
    s3,
    chromium,
    target,
    entity,
    ownerId,
    columns,
    timeZone,
    generatedAt,
    maxRows,
    chunkRows,
    onProgress,
  } = params;
  const total = await params.db.countExportRows(client, entity, ownerId);
  if (total > maxRows) throw exportTooLarge(total, maxRows);
  const heading: PdfHeading = {
    title: ENTITY_TITLES[entity],
    companyName: await params.db.findExportCompanyName(client, ownerId),
    generatedAt,
    rowCount: total,
  };
  const landscape = columns.length > LANDSCAPE_FROM_COLUMNS;

  const merged = await PDFDocument.create();
  merged.setTitle(`${heading.title} export`);
  let pending: unknown[][] = [];
  let rows = 0;
  let chunks = 0;
  const flush = async () => {
    const bytes = await renderChunk(
      chromium,
      pdfChunkHtml({ columns, rows: pending, heading: chunks === 0 ? heading : undefined }),
      landscape,
    );
    const chunk = await PDFDocument.load(bytes);
    for (const page of await merged.copyPages(chunk, chunk.getPageIndices())) merged.addPage(page);
    chunks++;
    pending = [];
  };
  for await (const batch of params.db.readRowBatches(client, { entity, ownerId, columns, timeZone, mode: 'text' })) {
    rows += batch.length;
    // Rows added since the count still respect the cap.
    if (rows > maxRows) throw exportTooLarge(rows, maxRows);
    for (const row of batch) {
      pending.push(row);
      if (pending.length === chunkRows) await flush();
    }
    onProgress?.(rows);
  }
  // An export of no rows is still a document: the heading and an empty table.
  if (pending.length > 0 || chunks === 0) await flush();

  const font = await merged.embedFont(StandardFonts.Helvetica);
  const pages = merged.getPages();
  pages.forEach((page, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    const size = 8;
    page.drawText(label, {
      x: (page.getWidth() - font.widthOfTextAtSize(label, size)) / 2,
      y: 18,
      size,
      font,
      color: rgb(0.3, 0.3, 0.3),
    });
  });
  const bytes = await merged.save();
  await uploadStream(
    s3,
    target,
    Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]),
    Promise.resolve(),
  );
  return { rowCount: rows, sizeBytes: bytes.byteLength };
}
