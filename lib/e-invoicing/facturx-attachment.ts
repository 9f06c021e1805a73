import zlib from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from 'pdf-lib';

/** The names a hybrid pdf invoice gives its XML: Factur-X, ZUGFeRD, XRechnung (compared without case). */
const INVOICE_XML_NAMES = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

const nameOf = (value: unknown) => (value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : null);

/** An embedded invoice XML is a few hundred kilobytes; a stream inflating past this is refused (a decompression bomb). */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

/** The attachment's bytes: Flate (what every producer uses) inflated with a ceiling, other filters by pdf-lib. */
function decodeAttachment(stream: PDFRawStream): Buffer {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  if (filter === undefined) return Buffer.from(stream.contents);
  if (filter instanceof PDFName && filter.asString() === '/FlateDecode') return zlib.inflateSync(stream.contents, { maxOutputLength: MAX_ATTACHMENT_BYTES });
  return Buffer.from(decodePDFRawStream(stream).decode());
}

/**
 * The invoice XML embedded in a Factur-X (or ZUGFeRD) pdf, from the document's EmbeddedFiles name
 * tree, or null when the pdf carries none. Throws when the bytes are not a pdf pdf-lib can read.
 */
export async function extractInvoiceXml(pdf: Uint8Array): Promise<string | null> {
  const doc = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  if (!tree) return null;
  // A name tree: leaves hold [name, filespec, name, filespec…]; intermediate nodes hold Kids.
  const leaves: PDFArray[] = [];
  const visit = (node: PDFDict, depth: number) => {
    const pairs = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    if (pairs) leaves.push(pairs);
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    if (kids && depth < 8) for (let i = 0; i < kids.size(); i++) visit(kids.lookup(i, PDFDict), depth + 1);
  };
  visit(tree, 0);
  for (const pairs of leaves) {
    for (let i = 0; i + 1 < pairs.size(); i += 2) {
      const spec = pairs.lookup(i + 1, PDFDict);
      const fileName = nameOf(spec.lookup(PDFName.of('UF'))) ?? nameOf(spec.lookup(PDFName.of('F'))) ?? nameOf(pairs.lookup(i));
      if (!fileName || !INVOICE_XML_NAMES.some((n) => n.toLowerCase() === fileName.toLowerCase())) continue;
      const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
      if (!(stream instanceof PDFRawStream)) continue;
      return decodeAttachment(stream).toString('utf8');
    }
  }
  return null;
}
