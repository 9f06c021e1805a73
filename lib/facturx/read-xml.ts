import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** An EN 16931 invoice in CII or UBL is about a dozen levels deep. */
const MAX_DEPTH = 64;

/** How deep the elements nest, counted on the tags alone (comments and CDATA aside), in one pass. */
function nestingDepth(xml: string): number {
  let depth = 0;
  let deepest = 0;
  for (const m of xml
    .replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g, '')
    .matchAll(/<(\/?)[A-Za-z_][^>]*?(\/?)>/g)) {
    if (m[1]) depth -= 1;
    else if (!m[2]) deepest = Math.max(deepest, ++depth);
    if (deepest > MAX_DEPTH) break;
  }
  return deepest;
}

/**
 * Parses an e-invoice's XML into plain objects for domain/e-invoicing: namespace prefixes
 * removed, attributes as `@_name`, every value kept as a string (an invoice number "00012" stays
 * so). No entity is expanded beyond XML's own five and no DTD or external resource is read, so a
 * hostile file cannot make the api fetch or inflate anything. Answers the error message when the
 * text is not well-formed XML.
 */
export function parseInvoiceXml(
  xml: string,
): { ok: true; document: Record<string, unknown> } | { ok: false; message: string } {
  if (/<!DOCTYPE/i.test(xml)) return { ok: false, message: 'The XML declares a DOCTYPE, which an e-invoice never has' };
  // The parser recurses per level: a file nested thousands deep would exhaust the stack.
  if (nestingDepth(xml) > MAX_DEPTH)
    return { ok: false, message: `The XML is nested more than ${MAX_DEPTH} levels deep, which no e-invoice is` };
  try {
    const valid = XMLValidator.validate(xml);
    if (valid !== true)
      return { ok: false, message: `The XML is not well-formed: ${valid.err.msg} (line ${valid.err.line})` };
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      removeNSPrefix: true,
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: true,
      processEntities: true,
      htmlEntities: false,
    });
    return { ok: true, document: parser.parse(xml) as Record<string, unknown> };
  } catch (err) {
    // Whatever else the parser chokes on is still a file the sender must fix, never a server error.
    return { ok: false, message: `The XML cannot be read: ${(err as Error).message}` };
  }
}
