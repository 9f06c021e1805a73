import zlib from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';

/** The XML an e-invoice pdf carries, and the name it is attached under. */
export interface AttachedInvoiceXml {
  filename: string;
  xml: string;
}

/** The names a Factur-X / ZUGFeRD / XRechnung pdf attaches its invoice XML under, best first. */
const INVOICE_XML_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'ZUGFeRD-invoice.xml', 'xrechnung.xml'];

/** A name tree of untrusted input is read to a bounded size, breadth first, never recursively. */
const MAX_NODES = 1_000;

/** An embedded invoice XML is a few hundred kilobytes; a stream inflating past this is refused (a decompression bomb). */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

/** The attachment's bytes: Flate (what every producer uses) inflated under that ceiling, other filters by pdf-lib. */
function decodeAttachment(stream: PDFRawStream): Buffer {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  if (filter === undefined) return Buffer.from(stream.contents);
  if (filter instanceof PDFName && filter.asString() === '/FlateDecode')
    return zlib.inflateSync(stream.contents, { maxOutputLength: MAX_ATTACHMENT_BYTES });
  return Buffer.from(decodePDFRawStream(stream).decode());
}

function text(value: unknown): string | null {
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null;
}

/** Every (name, file specification) of the document's EmbeddedFiles name tree. */
function embeddedFiles(doc: PDFDocument): { name: string; spec: PDFDict }[] {
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const root = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const found: { name: string; spec: PDFDict }[] = [];
  const queue: PDFDict[] = root ? [root] : [];
  for (let seen = 0; queue.length > 0 && seen < MAX_NODES; seen += 1) {
    const node = queue.shift() as PDFDict;
    const pairs = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    for (let i = 0; pairs && i + 1 < pairs.size(); i += 2) {
      const name = text(pairs.lookup(i));
      const spec = pairs.lookup(i + 1);
      if (name && spec instanceof PDFDict) found.push({ name, spec });
    }
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (let i = 0; kids && i < kids.size(); i += 1) {
      const kid = kids.lookup(i);
      if (kid instanceof PDFDict) queue.push(kid);
    }
  }
  return found;
}

/**
 * The invoice XML attached to a Factur-X (or ZUGFeRD, XRechnung) pdf: `factur-x.xml` first, then
 * the other names those standards use; null when the pdf attaches none. Throws when the bytes are
 * not a pdf pdf-lib can read. Reused by the receiving of purchase invoices (issue 22 §3).
 */
export async function extractInvoiceXml(pdf: Uint8Array): Promise<AttachedInvoiceXml | null> {
  const doc = await PDFDocument.load(pdf, {
    ignoreEncryption: true,
    updateMetadata: false,
    throwOnInvalidObject: false,
  });
  const files = embeddedFiles(doc);
  for (const wanted of INVOICE_XML_NAMES) {
    const file =
      files.find((f) => f.name.toLowerCase() === wanted.toLowerCase()) ??
      files.find((f) => text(f.spec.lookup(PDFName.of('UF')))?.toLowerCase() === wanted.toLowerCase());
    const stream = file?.spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
    if (file && stream instanceof PDFRawStream) {
      return { filename: file.name, xml: decodeAttachment(stream).toString('utf8') };
    }
  }
  return null;
}
