import { type EInvoiceFormat, type FormatFactoryService, InvoiceService, type Logger } from '@e-invoice-eu/core';
import { type EInvoice } from '../../domain/invoicing/e-invoice';
import { ublInvoice } from './ubl-invoice';

/** The library's warnings go nowhere: the rule gate and the tests' validator are what we trust. */
const quiet: Logger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** The Factur-X profile this service produces: EN 16931 (the "COMFORT" profile of ZUGFeRD). */
const FACTURX_FORMAT = 'Factur-X-EN16931';

/** The CII tree the library renders to XML (`prefix:Name` keys, attributes as `key@attribute`). */
type CiiNode = { [key: string]: CiiNode | CiiNode[] | string };

const yyyymmdd = (day: string) => day.replace(/-/g, '');

/**
 * What the library (2.3.4) leaves out of the CII, added to its tree before it is rendered:
 * - the notes' subject codes (BT-21: PMT, PMD, AAB, AAI), which the French rules BR-FR-05 read;
 *   the library writes notes as bare text;
 * - a credit note's preceding invoice (BG-3, BT-25 and BT-26): its mapping reads the number from
 *   `cac:BillingReference/cbc:ID` while its own input schema only allows
 *   `cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID`, so it never writes one.
 */
function completeCii(doc: EInvoice, cii: CiiNode): void {
  const root = cii['rsm:CrossIndustryInvoice'] as CiiNode;
  const header = root['rsm:ExchangedDocument'] as CiiNode;
  header['ram:IncludedNote'] = doc.notes.map((n) => ({ 'ram:Content': n.text, 'ram:SubjectCode': n.subjectCode }));
  if (doc.preceding) {
    const settlement = (root['rsm:SupplyChainTradeTransaction'] as CiiNode)['ram:ApplicableHeaderTradeSettlement'] as CiiNode;
    // Last in the settlement, where CII D16B puts it (after the monetary summation).
    settlement['ram:InvoiceReferencedDocument'] = {
      'ram:IssuerAssignedID': doc.preceding.number,
      'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': yyyymmdd(doc.preceding.issueDate), 'qdt:DateTimeString@format': '102' },
    };
  }
}

/** The library's service, its CII formatter completed by completeCii (the formatter's own post-processing hook). */
function invoiceService(doc: EInvoice): InvoiceService {
  const service = new InvoiceService(quiet);
  const factory = (service as unknown as { formatFactoryService: FormatFactoryService }).formatFactoryService;
  const create = factory.createFormatService.bind(factory);
  factory.createFormatService = (format: string, logger: Logger): EInvoiceFormat => {
    const formatter = create(format, logger) as EInvoiceFormat & { postProcess(cii: CiiNode): void };
    const postProcess = formatter.postProcess.bind(formatter);
    formatter.postProcess = (cii: CiiNode) => {
      postProcess(cii);
      completeCii(doc, cii);
    };
    return formatter;
  };
  return service;
}

/** The CII D16B XML (`factur-x.xml`, profile EN 16931) of an e-invoice. */
export async function facturxXml(doc: EInvoice, lang = 'fr'): Promise<string> {
  // CII answers the same XML as the one the Factur-X format embeds (guideline urn:cen.eu:en16931:2017).
  const xml = await invoiceService(doc).generate(ublInvoice(doc), { format: 'CII', lang });
  return typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8');
}

/**
 * The Factur-X document of an e-invoice: its rendered pdf made PDF/A-3b (XMP metadata with the
 * Factur-X extension schema, sRGB output intent) with `factur-x.xml` attached (relationship
 * Data). Chromium's pdf already embeds its fonts, which PDF/A asks for.
 */
export async function facturxPdf(doc: EInvoice, pdf: Uint8Array, filename: string, lang = 'fr'): Promise<Uint8Array> {
  const out = await invoiceService(doc).generate(ublInvoice(doc), { format: FACTURX_FORMAT, lang, pdf: { buffer: pdf, filename, mimetype: 'application/pdf' } });
  return typeof out === 'string' ? Buffer.from(out, 'binary') : out;
}
