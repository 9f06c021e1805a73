import { type EInvoice } from '../../domain/invoicing/e-invoice';
import { type EInvoiceChecker, type EInvoiceMade, failedEInvoiceRules } from '../../domain/invoicing/e-invoice-rules';
import { checkFacturxXml, facturxXml, ublXml } from './generate';
import { peppolRefusal } from './peppol-ubl';

/**
 * Makes the e-invoice's XML, as its file will be made (issue 28 §1): the EN 16931 rules first
 * (e-invoice-rules.ts, each broken rule named), then the library's own checks of its input and
 * the XML itself. The issue runs it before drawing a number, the file activity before storing;
 * whatever refuses the document, the answer names it rather than failing later.
 */
export async function makeEInvoiceXml(
  doc: EInvoice,
  lang: string,
  syntax: 'cii' | 'ubl' = 'cii',
): Promise<EInvoiceMade> {
  const failed = failedEInvoiceRules(doc);
  if (failed.length > 0) return { ok: false, failed };
  // The UBL is a Peppol invoice, addressed from and to the parties' VAT numbers.
  const unaddressed = syntax === 'ubl' ? peppolRefusal(doc) : null;
  if (unaddressed) return { ok: false, failed: [unaddressed] };
  return libraryMade(async () => ({
    ok: true,
    xml: syntax === 'ubl' ? await ublXml(doc, lang) : await facturxXml(doc, lang),
  }));
}

/**
 * The gate (services/invoicing/issue-invoice.ts): what can refuse a CII e-invoice in
 * makeEInvoiceXml (the EN 16931 rules, then the library's check of its input), without mapping
 * and writing the XML the issue does not keep. The file, made later from the same document,
 * writes it.
 */
export const checkEInvoiceXml: EInvoiceChecker = async (doc) => {
  const failed = failedEInvoiceRules(doc);
  if (failed.length > 0) return { ok: false, failed };
  return libraryMade(async () => {
    checkFacturxXml(doc);
    return { ok: true };
  });
};

/** What the library made, or its refusal named as the rule `e-invoice-file`. */
async function libraryMade<T extends { ok: true }>(make: () => Promise<T>) {
  try {
    return await make();
  } catch (error) {
    return {
      ok: false as const,
      failed: [{ rule: 'e-invoice-file', message: error instanceof Error ? error.message : String(error) }],
    };
  }
}
