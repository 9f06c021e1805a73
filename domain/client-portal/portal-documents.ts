/** The documents a portal link can open (issue 31 §1): a quote, an invoice, a credit note. */
export const PORTAL_DOCUMENT_KINDS = ['quote', 'invoice', 'credit_note'] as const;
export type PortalDocumentKind = (typeof PORTAL_DOCUMENT_KINDS)[number];

/** The portal page of one document, under the portal's base address. */
export function portalDocumentPath(kind: PortalDocumentKind, id: string): string {
  return `/portal/${kind === 'credit_note' ? 'credit-notes' : `${kind}s`}/${id}`;
}
