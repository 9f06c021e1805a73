import { createRequire } from 'node:module';
import type * as EInvoiceLibrary from '@e-invoice-eu/core';
import type { EInvoiceFormat, Invoice, Logger } from '@e-invoice-eu/core';
import type * as AjvModule from 'ajv/dist/2019';
import type { ValidateFunction } from 'ajv/dist/2019';
import { type EInvoice } from '../../domain/invoicing/e-invoice';
import { peppolInvoice } from './peppol-ubl';
import { ublInvoice } from './ubl-invoice';

/**
 * The e-invoice library and its validator, required by the first e-invoice rather than when the
 * process starts: with what they pull in (SheetJS, xmlbuilder2, a pdf library) they hold about
 * 25 MB, which workers that never make an e-invoice (the exports worker) need not keep resident
 * (docs/performance.md, 2026-11-25). Node's require caches them, as a static import would.
 */
const requireHere = createRequire(__filename);
const eInvoiceLibrary = () => requireHere('@e-invoice-eu/core') as typeof EInvoiceLibrary;
const ajv2019 = () => (requireHere('ajv/dist/2019') as typeof AjvModule).default;

/** The library's warnings go nowhere: the rule gate and the tests' validator are what we trust. */
const quiet: Logger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** The Factur-X profile this service produces: EN 16931 (the "COMFORT" profile of ZUGFeRD). */
const FACTURX_FORMAT = 'Factur-X-EN16931';
/** The same XML on its own (guideline urn:cen.eu:en16931:2017). */
const CII_FORMAT = 'CII';
/** UBL 2.1, Peppol BIS Billing 3 (issue 30 §3, issue 40 §6): what a UK or Irish business client's access point reads. */
const UBL_FORMAT = 'UBL';

/** The CII tree the library renders to XML (`prefix:Name` keys, attributes as `key@attribute`). */
type CiiNode = { [key: string]: CiiNode | CiiNode[] | string };
type Formatter = EInvoiceFormat & { postProcess(cii: CiiNode): void };

const yyyymmdd = (day: string) => day.replace(/-/g, '');

/**
 * EN 16931's VAT point date code (BT-8) in CII's own code list (UNTDID 2475), as the CII binding
 * maps it from UNTDID 2005: 3 (invoice date) → 5, 35 (delivery date) → 29, 432 (paid to date) → 72.
 */
const CII_DUE_DATE_TYPE: Record<NonNullable<EInvoice['vatPointDateCode']>, string> = { '3': '5' };

const nodes = (value: CiiNode | CiiNode[] | string | undefined): CiiNode[] =>
  Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : [];

/**
 * A line allowance's base and amount (BT-137, BT-136) without `currencyID`: the CEN EN 16931 CII
 * schematron refuses it there (CII-DT-031; in CII only the tax total, BT-111, carries one). The
 * library (2.3.4) copies it from UBL, where every amount has one.
 */
function withoutLineAllowanceCurrency(line: CiiNode): void {
  const settlement = line['ram:SpecifiedLineTradeSettlement'] as CiiNode | undefined;
  for (const allowance of nodes(settlement?.['ram:SpecifiedTradeAllowanceCharge']))
    for (const key of ['ram:BasisAmount@currencyID', 'ram:ActualAmount@currencyID']) delete allowance[key];
}

/** Sets BT-8 on a VAT breakdown (`ram:ApplicableTradeTax`), where CII D16B puts it: before the rate. */
function withDueDateTypeCode(tax: CiiNode, code: NonNullable<EInvoice['vatPointDateCode']>): void {
  const entries = Object.entries(tax).filter(([key]) => key !== 'ram:DueDateTypeCode');
  const at = entries.findIndex(([key]) => key === 'ram:RateApplicablePercent');
  entries.splice(at < 0 ? entries.length : at, 0, ['ram:DueDateTypeCode', CII_DUE_DATE_TYPE[code]]);
  for (const key of Object.keys(tax)) delete tax[key];
  Object.assign(tax, Object.fromEntries(entries));
}

/**
 * What the library (2.3.4) leaves out of the CII, added to its tree before it is rendered:
 * - the notes' subject codes (BT-21: PMT, PMD, AAB, AAI), which the French rules BR-FR-05 read;
 *   the library writes notes as bare text;
 * - the header's delivery element, which CII requires even empty: the library writes it only from
 *   a UBL `cac:Delivery`, and a service over several days states its period (BG-14) instead;
 * - the VAT point date code (BT-8) of a studio that opted for VAT on debits (issue 32 §5): the
 *   library copies it from UBL's `cac:InvoicePeriod`, which would also write a billing period;
 * - a credit note's preceding invoice (BG-3, BT-25 and BT-26): its mapping reads the number from
 *   `cac:BillingReference/cbc:ID` while its own input schema only allows
 *   `cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID`, so it never writes one.
 * And what it writes that the CEN rules refuse: a currency on a line allowance's amounts (below).
 */
function completeCii(doc: EInvoice, cii: CiiNode): void {
  const root = cii['rsm:CrossIndustryInvoice'] as CiiNode;
  for (const line of nodes(
    (root['rsm:SupplyChainTradeTransaction'] as CiiNode)['ram:IncludedSupplyChainTradeLineItem'],
  ))
    withoutLineAllowanceCurrency(line);
  const header = root['rsm:ExchangedDocument'] as CiiNode;
  header['ram:IncludedNote'] = doc.notes.map((n) => ({ 'ram:Content': n.text, 'ram:SubjectCode': n.subjectCode }));
  const transaction = root['rsm:SupplyChainTradeTransaction'] as CiiNode;
  if (!transaction['ram:ApplicableHeaderTradeDelivery']) {
    // In schema order: agreement, delivery, settlement.
    const entries = Object.entries(transaction);
    const at = entries.findIndex(([key]) => key === 'ram:ApplicableHeaderTradeSettlement');
    entries.splice(at < 0 ? entries.length : at, 0, ['ram:ApplicableHeaderTradeDelivery', {}]);
    for (const key of Object.keys(transaction)) delete transaction[key];
    Object.assign(transaction, Object.fromEntries(entries));
  }
  if (doc.vatPointDateCode) {
    const settlement = transaction['ram:ApplicableHeaderTradeSettlement'] as CiiNode;
    const taxes = settlement['ram:ApplicableTradeTax'];
    for (const tax of (Array.isArray(taxes) ? taxes : taxes ? [taxes] : []) as CiiNode[])
      withDueDateTypeCode(tax, doc.vatPointDateCode);
  }
  if (doc.preceding) {
    const settlement = (root['rsm:SupplyChainTradeTransaction'] as CiiNode)[
      'ram:ApplicableHeaderTradeSettlement'
    ] as CiiNode;
    // Last in the settlement, where CII D16B puts it (after the monetary summation).
    settlement['ram:InvoiceReferencedDocument'] = {
      'ram:IssuerAssignedID': doc.preceding.number,
      'ram:FormattedIssueDateTime': {
        'qdt:DateTimeString': yyyymmdd(doc.preceding.issueDate),
        'qdt:DateTimeString@format': '102',
      },
    };
  }
}

/**
 * EN 16931's item net price (BT-146) is a unit price, not an amount: the standard gives it no
 * decimal limit (the two-decimal rule BR-DEC-… is for amounts only), and a line of 1.25 hours or a
 * price derived from a price with tax needs more (29.167, document-lines.ts). The library (2.3.4)
 * types it as its two-decimal Amount; its schema is completed here to take up to six decimals,
 * which the CII's ram:ChargeAmount (xs:decimal) carries as written. Every other amount keeps two.
 */
const UNIT_PRICE = {
  type: 'string',
  pattern: '^(0|[1-9][0-9]*)(\\.[0-9]{1,6})?$',
  title: 'Item net price',
  description: 'BT-146, up to six decimals',
};

type SchemaNode = { properties: Record<string, SchemaNode>; items: SchemaNode };

function completeSchema(schema: unknown): void {
  const line = (schema as SchemaNode).properties['ubl:Invoice'].properties['cac:InvoiceLine'].items;
  line.properties['cac:Price'].properties['cbc:PriceAmount'] = UNIT_PRICE as unknown as SchemaNode;
}

/** The library's input schema as each format patches it, completed (completeSchema), compiled once per process. */
const validators = new Map<string, ValidateFunction>();

function validatorFor(format: string, formatter: Formatter): ValidateFunction {
  const known = validators.get(format);
  if (known) return known;
  const schema = structuredClone(eInvoiceLibrary().invoiceSchema);
  formatter.patchSchema(schema);
  completeSchema(schema);
  // The options the library's InvoiceService uses.
  const Ajv2019 = ajv2019();
  const validate = new Ajv2019({ strict: true, allErrors: true, useDefaults: true }).compile(schema);
  validators.set(format, validate);
  return validate;
}

/** The library's formatter of a format, and the input it takes (the UBL-shaped invoice), checked against its schema with its defaults filled. */
function checkedInput(doc: EInvoice, format: string) {
  const { FormatFactoryService } = eInvoiceLibrary();
  const factory = new FormatFactoryService();
  const formatter = factory.createFormatService(format, quiet) as Formatter;
  const normalized = factory.normalizeFormat(format);
  const invoice = format === UBL_FORMAT ? peppolInvoice(doc, ublInvoice(doc)) : ublInvoice(doc);
  const validate = validatorFor(normalized, formatter);
  if (!validate(invoice))
    throw new Error(`The e-invoice library refused its input: ${JSON.stringify(validate.errors)}`);
  formatter.fillInvoiceDefaults(invoice as Invoice);
  return { formatter, normalized, invoice: invoice as Invoice };
}

/**
 * Generates with the library's formatter, as its `InvoiceService.generate` does (the input checked
 * against its schema, its defaults filled), but with the schema compiled once: the service compiles
 * it on every call, about 100 ms of a document's 102. Its CII is completed by completeCii through
 * the formatter's own post-processing step.
 */
async function generate(
  doc: EInvoice,
  format: string,
  lang: string,
  pdf?: { buffer: Uint8Array; filename: string },
): Promise<string | Uint8Array> {
  const { formatter, normalized, invoice } = checkedInput(doc, format);
  // The CII formats (CII, Factur-X) are completed by completeCii; UBL is written as ublInvoice makes it.
  if (format !== UBL_FORMAT) {
    const postProcess = formatter.postProcess.bind(formatter);
    formatter.postProcess = (cii: CiiNode) => {
      postProcess(cii);
      completeCii(doc, cii);
    };
  }
  return formatter.generate(invoice, {
    format: normalized,
    lang,
    ...(pdf ? { pdf: { ...pdf, mimetype: 'application/pdf' } } : {}),
  });
}

/**
 * Whether the library takes an e-invoice for its CII: its input checked against its schema, which
 * is all in the library that can refuse a document; its mapping to CII (JSONPath, no refusal of
 * its own) and the XML's serialisation are left to the file, made later from the same document.
 * The issue's gate (issue 43: the mapping was a sixth of an issue's CPU); a property test holds it
 * to what making the XML accepts (test/unit/invoicing/e-invoice-gate.test.ts).
 */
export function checkFacturxXml(doc: EInvoice): void {
  checkedInput(doc, CII_FORMAT);
}

/** The CII D16B XML (`factur-x.xml`, profile EN 16931) of an e-invoice. */
export async function facturxXml(doc: EInvoice, lang = 'fr'): Promise<string> {
  const xml = await generate(doc, CII_FORMAT, lang);
  return typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8');
}

/** The UBL 2.1 XML (Peppol BIS Billing 3, EN 16931) of an e-invoice of a studio outside France (issue 30 §3). */
export async function ublXml(doc: EInvoice, lang = 'en'): Promise<string> {
  const xml = await generate(doc, UBL_FORMAT, lang);
  return typeof xml === 'string' ? xml : Buffer.from(xml).toString('utf8');
}

/**
 * The Factur-X document of an e-invoice: its rendered pdf made PDF/A-3b (XMP metadata with the
 * Factur-X extension schema, sRGB output intent) with `factur-x.xml` attached (relationship
 * Data). Chromium's pdf already embeds its fonts, which PDF/A asks for.
 */
export async function facturxPdf(doc: EInvoice, pdf: Uint8Array, filename: string, lang = 'fr'): Promise<Uint8Array> {
  const out = await generate(doc, FACTURX_FORMAT, lang, { buffer: pdf, filename });
  return typeof out === 'string' ? Buffer.from(out, 'binary') : out;
}
