import { type PurchaseInvoice, readPurchaseInvoice } from '../../domain/invoicing/purchase-invoice';
import { ValidationError } from '../../domain/errors';
import { UnsupportedMediaTypeError } from '../../domain/storage/errors';
import { extractInvoiceXml } from '../facturx/extract-xml';
import { parseInvoiceXml } from '../facturx/read-xml';

/** What a supplier's e-invoice file may be. */
export const PURCHASE_FILE_TYPES = ['application/pdf (Factur-X, ZUGFeRD)', 'application/xml (CII or UBL)'];

export interface PurchaseFile {
  kind: 'pdf' | 'xml';
  format: 'FACTURX' | 'CII' | 'UBL';
  contentType: 'application/pdf' | 'application/xml';
  invoice: PurchaseInvoice;
}

/** What the bytes are, by their first bytes rather than their name: a pdf, an XML document, or neither. */
function sniff(bytes: Buffer): 'pdf' | 'xml' | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  const head = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') ? 'xml' : null;
}

/**
 * Reads a supplier's e-invoice file (a Factur-X / ZUGFeRD pdf, or a CII or UBL XML) into what a
 * purchase record keeps, whether it was uploaded by the studio or delivered by its platform.
 * Throws UnsupportedMediaTypeError when the file is not an e-invoice at all, ValidationError
 * (with each problem's element) when it is a broken one.
 */
export async function readPurchaseFile(bytes: Buffer): Promise<PurchaseFile> {
  const kind = sniff(bytes);
  if (!kind) throw new UnsupportedMediaTypeError(PURCHASE_FILE_TYPES);
  let xml: string | null;
  if (kind === 'pdf') {
    try {
      xml = (await extractInvoiceXml(bytes))?.xml ?? null;
    } catch (err) {
      throw new ValidationError(`The pdf cannot be read: ${(err as Error).message}`);
    }
    if (xml === null) throw new UnsupportedMediaTypeError(PURCHASE_FILE_TYPES);
  } else xml = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const parsed = parseInvoiceXml(xml);
  if (!parsed.ok)
    throw new ValidationError(
      kind === 'pdf' ? `The Factur-X XML of the pdf is not valid: ${parsed.message}` : parsed.message,
    );
  const reading = readPurchaseInvoice(parsed.document);
  if (!reading.ok) {
    // An XML document that is not an invoice at all is the wrong kind of file; a broken invoice is bad data.
    if (kind === 'xml' && reading.problems.length === 1 && reading.problems[0].path === '/')
      throw new UnsupportedMediaTypeError(PURCHASE_FILE_TYPES);
    throw new ValidationError(
      kind === 'pdf' ? 'The Factur-X XML of the pdf is not a valid invoice' : 'The XML is not a valid invoice',
      reading.problems,
    );
  }
  return {
    kind,
    format: kind === 'pdf' ? 'FACTURX' : reading.invoice.syntax,
    contentType: kind === 'pdf' ? 'application/pdf' : 'application/xml',
    invoice: reading.invoice,
  };
}
