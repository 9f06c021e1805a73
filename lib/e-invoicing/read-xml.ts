import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * Parses an e-invoice's XML into plain objects for domain/e-invoicing: namespace prefixes
 * removed, attributes as `@_name`, every value kept as a string (an invoice number "00012" stays
 * so). No entity is expanded beyond XML's own five and no DTD or external resource is read, so a
 * hostile file cannot make the api fetch or inflate anything. Answers the error message when the
 * text is not well-formed XML.
 */
export function parseInvoiceXml(xml: string): { ok: true; document: Record<string, unknown> } | { ok: false; message: string } {
  if (/<!DOCTYPE/i.test(xml)) return { ok: false, message: 'The XML declares a DOCTYPE, which an e-invoice never has' };
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { ok: false, message: `The XML is not well-formed: ${valid.err.msg} (line ${valid.err.line})` };
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, parseTagValue: false, parseAttributeValue: false, trimValues: true, processEntities: true, htmlEntities: false });
  return { ok: true, document: parser.parse(xml) as Record<string, unknown> };
}
