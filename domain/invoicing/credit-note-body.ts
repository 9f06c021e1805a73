import { lawFactsOf } from '../regimes/document-law';
import { type IssuingSeller } from '../regimes/issue-input';
import { type LegalFacts } from '../regimes/legal-facts';
import { zeroRateReasonOf } from '../regimes/zero-rate-reason';
import { type InvoiceBuyer } from './buyer';
import { type CreditNoteLine } from './credit-note-plan';
import { type StoredTaxPart, taxPartsOf } from './credit-taxes';
import { creditDocumentLines, creditTaxDocumentLines, type DocumentLines, isPriced } from './document-lines';
import { taxRateOf } from './line-taxes';
import { toHundredths } from './money';
import { type StoredVatPart, vatPartsOf } from './stored-vat';

/** A credit note as its body reads it: its credited lines and the breakdown fixed at its issue. */
export interface CreditedNote {
  items: readonly CreditNoteLine[] | null;
  vat_parts: readonly StoredVatPart[];
  tax_parts: readonly StoredTaxPart[] | null;
}

/**
 * A credit note's body, as its file prints it and its law reads it: whole lines at their rates,
 * an amount over what was still creditable per rate (the e-invoice's lines); per set of taxes for
 * an invoice with tax lines (issue 30 §2). `creditedWord` names an amount-only line.
 */
export function creditNoteBody(note: CreditedNote, creditedWord: string): DocumentLines {
  const credited = (note.items ?? []).map((l) => ({
    description: l.description ?? null,
    quantityHundredths: toHundredths(l.quantity),
    vatBasisPoints: Number(toHundredths(l.vat_percentage)),
    withTaxCents: toHundredths(l.total),
  }));
  return note.tax_parts
    ? creditTaxDocumentLines(
        (note.items ?? []).map((l, i) => ({ ...credited[i], taxes: (l.taxes ?? []).map(taxRateOf) })),
        taxPartsOf(note.tax_parts),
        creditedWord,
      )
    : creditDocumentLines(credited, vatPartsOf(note.vat_parts), creditedWord);
}

/**
 * What the studio's law decides of a credit note at its issue, kept with it (`legal_facts`): read
 * from its body as its file prints it, the seller as copied, the invoice's buyer and service date.
 */
export function creditNoteLegalFacts(
  note: CreditedNote & { currency: string },
  parties: { seller: IssuingSeller | null; buyer: InvoiceBuyer | null },
  days: { issuedOn: string; supplyDate: string | null },
): LegalFacts | null {
  const body = creditNoteBody(note, '');
  return lawFactsOf(parties.seller, parties.buyer, {
    kind: 'credit_note',
    currency: note.currency,
    vat: body.vat,
    taxes: body.taxes,
    totalWithTaxCents: body.totalWithTaxCents,
    issuedOn: days.issuedOn,
    supplyDate: days.supplyDate,
    dueDate: null,
    zeroRateReason: zeroRateReasonOf(body.lines.filter(isPriced)),
  });
}
