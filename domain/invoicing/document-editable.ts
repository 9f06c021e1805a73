import { ConflictError, ValidationError } from '../errors';

/** A saved quote or invoice as its edit reads it. */
export interface EditedDocument {
  status: string;
  number?: string | null;
  signed_at?: Date | string | null;
  /** An invoice whose issue began then (services/invoicing/issue-invoice.ts). */
  issue_started_at?: Date | null;
}

/** How long an issue under way holds its draft: longer than any issue takes, so a crashed one frees it. */
export const ISSUE_HOLD_MS = 60_000;

/**
 * Whether a quote or invoice may be saved with these fields: a quote the client signed is what they
 * agreed to (issue 31 §2: a change is a new quote, and a new signature); an invoice changes only
 * while it is a DRAFT, since issued it is a legal record (issue 20 §3; the database refuses it
 * too), and its status moves through issue and credit notes, never an update. A draft whose
 * issue is under way is held as an issued one (its issue decides on the draft as read).
 */
export function assertEditable(
  kind: 'quote' | 'invoice',
  existing: EditedDocument | null,
  props: { status?: string },
  now: Date,
): void {
  if (kind === 'quote' && existing?.signed_at)
    throw new ConflictError(
      'quote_signed',
      `Quote ${existing.number ?? ''} is signed by the client: it cannot be changed; write a new quote for them to sign`,
    );
  if (kind !== 'invoice') return;
  if (existing && existing.status !== 'DRAFT')
    throw new ConflictError(
      'invoice_issued',
      `Invoice ${existing.number} is issued: it cannot be changed; issue a credit note to correct it`,
    );
  // An issue under way decides on the draft as it read it: an edit now would be an edit of the issued invoice.
  const started = existing?.issue_started_at;
  if (started && now.getTime() - new Date(started).getTime() < ISSUE_HOLD_MS)
    throw new ConflictError(
      'invoice_issued',
      'This invoice is being issued: it cannot be changed; once issued, issue a credit note to correct it',
    );
  if (props.status !== undefined && props.status !== 'DRAFT')
    throw new ValidationError(
      'An invoice is created and updated as a DRAFT: issue it with POST /api/invoices/:id/issue',
    );
}
