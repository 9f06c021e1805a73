import { type ClientReceipt } from '../../db/queries/payment-receipts';

/** A receipt as the client portal lists it; its pdf's storage key stays inside. */
export function presentReceipt(r: ClientReceipt) {
  return {
    id: r.id,
    number: r.number,
    invoice_id: r.invoice_id,
    invoice_number: r.invoice_number,
    amount: r.amount,
    currency: r.currency,
    method: r.method,
    received_at: r.received_at.toISOString(),
    balance_after: r.balance_after,
    pdf_ready: r.pdf_key !== null,
  };
}
