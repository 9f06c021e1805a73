import { ConflictError, ValidationError } from '../errors';

/** A saved quote or invoice as its edit reads it. */
export interface EditedDocument {
  status: string;
  number?: string | null;
  signed_at?: Date | string | null;
}

/**
 * Whether a quote or invoice may be saved with these fields: a quote the client signed is what they
 * agreed to (issue 31 §2: a change is a new quote, and a new signature); an invoice changes only
 * while it is a DRAFT, since issued it is a legal record (issue 20 §3; the database refuses it
 * too), and its status moves through issue and credit notes, never an update.
 */
export function assertEditable(
  kind: 'quote' | 'invoice',
  existing: EditedDocument | null,
  props: { status?: string },
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
  if (props.status !== undefined && props.status !== 'DRAFT')
    throw new ValidationError(
      'An invoice is created and updated as a DRAFT: issue it with POST /api/invoices/:id/issue',
    );
}
