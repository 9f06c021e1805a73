/**
 * The lifecycle of an e-invoice's flow on an approved platform (France's reform, in its own words:
 * the statuses the platform and the buyer give, docs/e-invoicing.md) and what the service does on
 * each. The one home of these rules: the queries return the facts, the callers decide here.
 */
export const FLOW_STATUS = {
  deposited: 'Déposée',
  rejected: 'Rejetée',
  refused: 'Refusée',
  cashed: 'Encaissée',
} as const;

/** A flow that never reached its buyer (the platform rejected it) or that the buyer refused. */
const NOT_RECEIVED: readonly string[] = [FLOW_STATUS.rejected, FLOW_STATUS.refused];

/** The statuses after which a flow moves no more (rejected, refused, cashed): the others are read back from the platform. */
export const FLOW_ENDED: readonly string[] = [...NOT_RECEIVED, FLOW_STATUS.cashed];

/** The client of an invoice sent through the platform: a company with a SIREN (B2B); others are e-reported. */
export const transmittedBuyer = (buyerSiren: string | null | undefined): boolean => Boolean(buyerSiren?.trim());

/** What a payment's cashed status needs: the invoice's flow and its status, and the studio's VAT option. */
export interface CashedStatusFacts {
  flowId?: string | null;
  transmissionStatus: string | null;
  vatOnDebits: boolean | null;
}

/**
 * Why a payment's cashed status (Encaissée) is not sent, or null when it is: a studio that opted
 * for VAT on debits owes no cashed status, and an invoice never transmitted, rejected or refused
 * has no flow to cash. A transmission whose flow id is not known yet (`flowId` undefined: the
 * payment's event, before the job) is given its chance; the job asks again with the flow.
 */
export function cashedStatusRefusal(p: CashedStatusFacts): 'vat_on_debits' | 'not_transmitted' | null {
  if (p.vatOnDebits) return 'vat_on_debits';
  if (p.flowId === null || (p.transmissionStatus !== null && NOT_RECEIVED.includes(p.transmissionStatus)))
    return 'not_transmitted';
  return null;
}

/** Whether a credit note goes to the platform: its invoice was a B2B e-invoice that the platform did not reject. */
export const creditNoteTransmitted = (p: { buyerSiren: string | null; invoiceFlowStatus: string | null }): boolean =>
  transmittedBuyer(p.buyerSiren) && p.invoiceFlowStatus !== FLOW_STATUS.rejected;
