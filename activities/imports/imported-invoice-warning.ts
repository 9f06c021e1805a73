/**
 * What the import does with an invoice row's status beyond writing it (issue 20): an issued
 * invoice of another tool is read as the data migration reads invoices, and a stored invoice's
 * status never changes through an import. Null when there is nothing to say.
 */
export function importedInvoiceWarning(action: 'create' | 'update', status: unknown): string | null {
  if (typeof status !== 'string' || status === 'DRAFT') return null;
  if (action === 'update')
    return `status ${status} ignored: an import does not change the status of an existing invoice (issue a draft with POST /api/invoices/:id/issue)`;
  const paid = status === 'PAID' ? ', with a payment of method other for its amount in its ledger' : '';
  return `${status} read as an issued invoice: ISSUED, numbered now from your invoice series${paid}`;
}
