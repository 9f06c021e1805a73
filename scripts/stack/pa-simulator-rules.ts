/**
 * The PA simulator's pure rules (scripts/stack/pa-simulator.ts): what it reads in a CII invoice,
 * why it rejects one, and which lifecycle statuses exist. No I/O, unit-tested.
 */

/** The lifecycle statuses of France's e-invoicing network: the mandatory ones, then the others a platform sends. */
export const MANDATORY_STATUSES = ['Déposée', 'Rejetée', 'Refusée', 'Encaissée'] as const;
export const OTHER_STATUSES = [
  'Émise',
  'Reçue',
  'Mise à disposition',
  'Prise en charge',
  'Approuvée',
  'Approuvée partiellement',
  'En litige',
  'Suspendue',
  'Complétée',
  'Paiement transmis',
] as const;
export const LIFECYCLE_STATUSES: readonly string[] = [...MANDATORY_STATUSES, ...OTHER_STATUSES];
/** The statuses a buyer answers to an invoice it received. */
export const BUYER_STATUSES: readonly string[] = ['Approuvée', 'En litige', 'Refusée'];

/** What the simulator needs from an invoice's CII. */
export interface CiiFacts {
  number: string;
  typeCode: string;
  sellerSiren: string | null;
  buyerSiren: string | null;
}

type Node = Record<string, unknown>;

const child = (node: unknown, name: string): unknown =>
  node && typeof node === 'object' && !Array.isArray(node) ? (node as Node)[name] : undefined;

const first = (node: unknown): unknown => (Array.isArray(node) ? node[0] : node);

/** An element's text: the value itself, or `#text` when it has attributes. */
const textOf = (node: unknown): string | null => {
  const n = first(node);
  if (typeof n === 'string') return n;
  const t = child(n, '#text');
  return typeof t === 'string' ? t : null;
};

/** A party's SIREN: its legal organisation's id (scheme 0002), else the first 9 digits of a SIRET id (0009). */
function partySiren(party: unknown): string | null {
  const legal = textOf(child(first(child(party, 'SpecifiedLegalOrganization')), 'ID'));
  if (legal && /^\d{9}$/.test(legal)) return legal;
  const ids = child(party, 'ID');
  for (const id of Array.isArray(ids) ? ids : [ids]) {
    const t = textOf(id);
    if (t && /^\d{14}$/.test(t)) return t.slice(0, 9);
  }
  return null;
}

/**
 * Reads a parsed CII (namespace prefixes removed, attributes as `@_name`): the invoice number, type
 * code, seller and buyer SIREN. Answers the problem when it is not a CII invoice.
 */
export function readCii(document: Node): { ok: true; facts: CiiFacts } | { ok: false; reason: string } {
  const root = child(document, 'CrossIndustryInvoice');
  if (!root) return { ok: false, reason: 'The file is not a CII invoice (no CrossIndustryInvoice root)' };
  const header = first(child(root, 'ExchangedDocument'));
  const number = textOf(child(header, 'ID'));
  if (!number) return { ok: false, reason: 'The invoice has no number (BT-1)' };
  const agreement = first(child(first(child(root, 'SupplyChainTradeTransaction')), 'ApplicableHeaderTradeAgreement'));
  if (!agreement) return { ok: false, reason: 'The invoice has no seller and buyer (ApplicableHeaderTradeAgreement)' };
  return {
    ok: true,
    facts: {
      number,
      typeCode: textOf(child(header, 'TypeCode')) ?? '',
      sellerSiren: partySiren(first(child(agreement, 'SellerTradeParty'))),
      buyerSiren: partySiren(first(child(agreement, 'BuyerTradeParty'))),
    },
  };
}

/**
 * Why an invoice flow is rejected (Rejetée), or null when it is deposited (Déposée): the seller
 * must be the connected studio's company, and the buyer must be in the directory.
 */
export function rejectionReason(facts: CiiFacts, inDirectory: (siren: string) => boolean): string | null {
  if (!facts.sellerSiren) return 'REJ_SELLER: the seller has no SIREN (BT-30, scheme 0002)';
  if (!facts.buyerSiren) return 'REJ_BUYER: the buyer has no SIREN (BT-47): a B2B invoice needs one';
  if (!inDirectory(facts.buyerSiren))
    return `REJ_UNKNOWN_RECIPIENT: the buyer ${facts.buyerSiren} is not in the directory (not an addressable company)`;
  return null;
}

/**
 * Whether a flow may take a status: a rejected or refused invoice never moves (it is corrected by a
 * credit note and a new invoice); a cashed one only takes another cashing (a later part payment).
 */
export function canMove(from: string, to: string): boolean {
  if (!LIFECYCLE_STATUSES.includes(to)) return false;
  if (from === 'Rejetée' || from === 'Refusée') return false;
  if (from === 'Encaissée') return to === 'Encaissée';
  return true;
}
