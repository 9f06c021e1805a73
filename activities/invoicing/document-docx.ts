import type { Paragraph, Table, TableCell, TableRow } from 'docx';
import { companyLines } from '../../domain/invoicing/company-lines';
import { scheduleHeadings } from '../../domain/invoicing/schedule-words';
import {
  correctionLines,
  documentPaymentLines,
  scheduleRows,
  deliveryLine,
  documentTitle,
  documentWords,
  type DocumentView,
  dateLines,
  lineColumns,
  summaryRows,
  formatMoney,
  lineCells,
  totalRows,
} from '../../domain/invoicing/document-html';
import { isPriced } from '../../domain/invoicing/document-lines';
import { detectImageType, imageDimensions, isImageDataUri } from '../../domain/storage/image-types';
import { docxLibrary } from '../../lib/docx-library';

/** The logo's box at the head of the docx, in pixels (as the pdf's css: 200 × 60 at most). */
const LOGO_BOX = { width: 200, height: 60 };

/** The studio's logo as a docx paragraph, scaled into LOGO_BOX; none for a webp (docx takes png and jpeg) or unreadable bytes. */
function logoParagraph(view: DocumentView): Paragraph[] {
  if (!isImageDataUri(view.logoDataUri)) return [];
  const bytes = Buffer.from(view.logoDataUri.slice(view.logoDataUri.indexOf(',') + 1), 'base64');
  const type = detectImageType(bytes);
  const size = imageDimensions(bytes);
  if (!size || (type !== 'png' && type !== 'jpeg')) return [];
  const { ImageRun, Paragraph } = docxLibrary();
  const scale = Math.min(1, LOGO_BOX.width / size.width, LOGO_BOX.height / size.height);
  const transformation = {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
  return [
    new Paragraph({
      children: [
        new ImageRun({
          type: type === 'png' ? 'png' : 'jpg',
          data: bytes,
          transformation,
          altText: { name: 'logo', description: view.company.name, title: view.company.name },
        }),
      ],
    }),
  ];
}

interface CellOptions {
  bold?: boolean;
  right?: boolean;
  span?: number;
  italics?: boolean;
}

type Words = ReturnType<typeof documentWords>;

/** One table cell of one paragraph, left or right aligned. */
function cell(text: string, opts: CellOptions = {}): TableCell {
  const { AlignmentType, Paragraph, TableCell, TextRun } = docxLibrary();
  return new TableCell({
    columnSpan: opts.span,
    children: [
      new Paragraph({
        alignment: opts.right ? AlignmentType.RIGHT : AlignmentType.LEFT,
        children: [new TextRun({ text, bold: opts.bold, italics: opts.italics })],
      }),
    ],
  });
}

/** A table across the page's width. */
function table(rows: TableRow[]): Table {
  const { Table, WidthType } = docxLibrary();
  return new Table({ width: { size: 100, type: WidthType.PERCENTAGE }, rows });
}

/** A row of cells; a row of headers when `header`. */
function row(cells: TableCell[], header = false): TableRow {
  const { TableRow } = docxLibrary();
  return new TableRow(header ? { tableHeader: true, children: cells } : { children: cells });
}

/** The lines' table, with the pdf's columns (document-html.ts): no discount column without one, no tax column for a seller not registered. */
function linesTable(view: DocumentView): Table {
  const { withDiscounts, taxed, columns, headers } = lineColumns(view);
  const lines = view.body.lines.map((l) => {
    if (!isPriced(l))
      return row([cell(l.kind === 'BLANK' ? '' : l.description, { span: columns, italics: l.kind === 'TEXT' })]);
    const c = lineCells(l, view.locale, view.currency);
    return row([
      cell(l.description),
      cell(c.quantity, { right: true }),
      cell(c.unitPrice, { right: true }),
      ...(withDiscounts ? [cell(c.discount, { right: true })] : []),
      ...(taxed ? [cell(c.vat, { right: true })] : []),
      cell(c.net, { right: true }),
    ]);
  });
  const header = headers.map((label, i) => cell(label, { bold: true, right: i > 0 }));
  return table([row(header, true), ...lines]);
}

/** The head of the page: the studio (logo, name, address), the client, and the goods' delivery address under it (issue 32 §5). */
function partiesParagraphs(view: DocumentView, w: Words): Paragraph[] {
  const { Paragraph, TextRun } = docxLibrary();
  const company = [
    ...logoParagraph(view),
    new Paragraph({ children: [new TextRun({ text: view.company.name, bold: true })] }),
    ...companyLines(view.company, view.locale).map((line) => new Paragraph(line)),
  ];
  const client = view.client
    ? [
        new Paragraph({ children: [new TextRun({ text: w.client, italics: true })] }),
        new Paragraph({ children: [new TextRun({ text: view.client.name, bold: true })] }),
        ...view.client.address.map((a) => new Paragraph(a)),
        ...(view.client.email ? [new Paragraph(view.client.email)] : []),
      ]
    : [];
  const deliverTo = view.deliverTo?.length
    ? [
        new Paragraph({ children: [new TextRun({ text: w.deliverTo, italics: true })] }),
        ...view.deliverTo.map((line) => new Paragraph(line)),
      ]
    : [];
  return [...company, new Paragraph(''), ...client, ...deliverTo];
}

/** The VAT summary: each rate's base and amount. */
function taxSummary(view: DocumentView, w: Words, money: (cents: bigint) => string): (Paragraph | Table)[] {
  const { HeadingLevel, Paragraph } = docxLibrary();
  return [
    new Paragraph({ text: w.vatSummary, heading: HeadingLevel.HEADING_2 }),
    table([
      row(
        [
          cell(w.vat, { bold: true }),
          cell(w.base, { bold: true, right: true }),
          cell(w.amount, { bold: true, right: true }),
        ],
        true,
      ),
      ...summaryRows(view.body, view.locale).map((r) =>
        row([cell(r.label), cell(money(r.base), { right: true }), cell(money(r.amount), { right: true })]),
      ),
    ]),
  ];
}

/** A quote's schedule (issue 40 §13), as the pdf prints it; nothing without one. */
function scheduleSection(view: DocumentView): (Paragraph | Table)[] {
  if (!view.schedule?.length) return [];
  const { HeadingLevel, Paragraph } = docxLibrary();
  return [
    new Paragraph({ text: scheduleHeadings(view.locale).title, heading: HeadingLevel.HEADING_2 }),
    table(
      scheduleRows(view).map((r) =>
        row([cell(r.name), cell(r.when), cell(r.day, { right: true }), cell(r.amount, { right: true })]),
      ),
    ),
    new Paragraph(''),
  ];
}

/**
 * The docx of a quote, invoice or credit note: the same content as its pdf (logo, company, client, number,
 * dates, lines, VAT summary, totals, the mentions of a studio's law outside France), in the document's
 * language, amounts formatted for it.
 */
export function documentDocx(view: DocumentView): Promise<Buffer> {
  const { Document, HeadingLevel, Packer, Paragraph } = docxLibrary();
  const w = documentWords(view);
  const money = (cents: bigint) => formatMoney(cents, view.locale, view.currency);
  const { taxed } = lineColumns(view);
  const delivery = deliveryLine(view);
  const children: (Paragraph | Table)[] = [
    ...partiesParagraphs(view, w),
    new Paragraph({ text: `${documentTitle(view)} ${w.number} ${view.number}`, heading: HeadingLevel.HEADING_1 }),
    ...correctionLines(view).map((line) => new Paragraph(line)),
    new Paragraph(view.title),
    ...(view.description ? [new Paragraph(view.description)] : []),
    ...dateLines(view).map((line) => new Paragraph(line)),
    ...(delivery ? [new Paragraph(delivery)] : []),
    linesTable(view),
    ...(taxed ? taxSummary(view, w, money) : []),
    new Paragraph(''),
    table(
      totalRows(view).map((r) =>
        row([cell(r.label, { bold: r.grand }), cell(money(r.cents), { bold: r.grand, right: true })]),
      ),
    ),
    new Paragraph(''),
    // Outside France, the mentions the studio's law asks for (absent on a French studio's document).
    ...(view.law?.mentions ?? []).map((line) => new Paragraph(line)),
    ...scheduleSection(view),
    ...documentPaymentLines(view).map((line) => new Paragraph(line)),
  ];
  return Packer.toBuffer(
    new Document({
      creator: view.company.name,
      title: `${documentTitle(view)} ${view.number}`,
      sections: [{ children }],
    }),
  );
}
