import { type EInvoice } from '../../invoicing/e-invoice';
import { VAT_ON_DEBITS_NOTE } from './mentions';

type Fail = (rule: string, message: string) => void;

/**
 * The rules of France's e-invoicing reform on a French seller's e-invoice (issue 32 §5), beside the
 * EN 16931 ones (domain/invoicing/e-invoice-rules.ts asks for them when the seller's regime
 * provides `reform-mentions`), in two parts checked in the EN 16931 order: the seller's SIREN
 * (BR-FR-10), then the document's. Its category of operation, from which its
 * billing framework (BT-23) follows (BR-FR-08), and, when the studio opted for VAT on debits, the
 * note saying so and the VAT point date code (BT-8) of its services, the invoice's date (the
 * French specifications make BT-8 mandatory then; `vat-on-debits`, which has no id of its own).
 */
export function reformSellerRules(doc: EInvoice, fail: Fail): void {
  if (!doc.seller.siren?.trim()) fail('BR-FR-10', "A French seller's SIREN (scheme 0002) is missing");
}

/** The reform's rules on the document (reformSellerRules above says which). */
export function reformEInvoiceRules(doc: EInvoice, fail: Fail): void {
  if (!doc.operation)
    fail(
      'BR-FR-08',
      'The category of operation (goods, services or both) is not known: the billing framework (BT-23) needs it',
    );
  if (doc.vatOnDebits) {
    if (!doc.notes.some((n) => n.text === VAT_ON_DEBITS_NOTE))
      fail('vat-on-debits', `The seller opted for VAT on debits: the invoice carries the note "${VAT_ON_DEBITS_NOTE}"`);
    if (doc.operation !== 'GOODS' && doc.vatPointDateCode !== '3')
      fail(
        'vat-on-debits',
        "The seller opted for VAT on debits: the VAT point date code (BT-8) of its services is the invoice's date (3)",
      );
  }
}
