import { type Invoice } from '@e-invoice-eu/core';
import { type EInvoice } from '../../domain/invoicing/e-invoice';
import { peppolEndpoint } from '../../domain/invoicing/peppol-endpoint';

/** Peppol BIS Billing 3's specification identifier (BT-24, PEPPOL-EN16931-R004): EN 16931 compliant, Peppol's CIUS. */
export const PEPPOL_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
/** Its business process (BT-23, PEPPOL-EN16931-R007): billing. */
export const PEPPOL_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

type Node = Record<string, unknown>;

/** Why a document cannot be a Peppol invoice (a party without a Peppol address: the rule it breaks), or null when it can. */
export function peppolRefusal(doc: EInvoice): { rule: string; message: string } | null {
  if (!peppolEndpoint(doc.seller.vatNumber))
    return {
      rule: 'PEPPOL-EN16931-R020',
      message:
        "A Peppol invoice is addressed from the studio's VAT number (its electronic address, BT-34), and this studio has none",
    };
  if (!peppolEndpoint(doc.buyer?.vatNumber))
    return {
      rule: 'PEPPOL-EN16931-R010',
      message:
        "A Peppol invoice is addressed to the client's VAT number (its electronic address, BT-49), and this client has none",
    };
  return null;
}

/** `entries` with `key: value` put right after `after` (UBL's element order). */
function insertAfter(node: Node, after: string, key: string, value: unknown): Node {
  const entries = Object.entries(node).filter(([k]) => k !== key);
  const at = entries.findIndex(([k]) => k === after);
  entries.splice(at < 0 ? entries.length : at + 1, 0, [key, value]);
  return Object.fromEntries(entries);
}

function withEndpoint(party: Node, vatNumber: string | null | undefined): void {
  const inner = party['cac:Party'] as Node;
  const endpoint = peppolEndpoint(vatNumber);
  delete inner['cbc:EndpointID'];
  delete inner['cbc:EndpointID@schemeID'];
  if (!endpoint) return;
  // First in the party, where UBL puts it.
  party['cac:Party'] = {
    'cbc:EndpointID': endpoint.id,
    'cbc:EndpointID@schemeID': endpoint.scheme,
    ...inner,
  };
}

/**
 * The EN 16931 UBL invoice (ubl-invoice.ts) made a Peppol BIS Billing 3 invoice, what a UK or
 * Irish business client's access point takes: Peppol's specification and process identifiers,
 * the parties' electronic addresses from their VAT numbers (EAS schemes, not an email), a buyer
 * reference (BT-10: the client gave none, so the invoice's own number, which Peppol accepts as the
 * reference the buyer routes by), and at most one note (PEPPOL-EN16931-R002).
 */
export function peppolInvoice(doc: EInvoice, invoice: Invoice): Invoice {
  const root = (invoice as unknown as { 'ubl:Invoice': Node })['ubl:Invoice'];
  root['cbc:CustomizationID'] = PEPPOL_CUSTOMIZATION_ID;
  const notes = (root['cbc:Note'] as string[] | undefined) ?? [];
  if (notes.length > 1) root['cbc:Note'] = [notes.join('\n')];
  withEndpoint(root['cac:AccountingSupplierParty'] as Node, doc.seller.vatNumber);
  withEndpoint(root['cac:AccountingCustomerParty'] as Node, doc.buyer?.vatNumber);
  let out = insertAfter(root, 'cbc:CustomizationID', 'cbc:ProfileID', PEPPOL_PROFILE_ID);
  out = insertAfter(out, 'cbc:DocumentCurrencyCode', 'cbc:BuyerReference', doc.number);
  return { 'ubl:Invoice': out } as unknown as Invoice;
}
