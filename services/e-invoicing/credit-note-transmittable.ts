import { type Sequelize } from 'sequelize-typescript';
import { findCreditNoteTransmission } from '../../db/queries/platform-transmissions';
import { creditNoteTransmitted } from '../../domain/addons/fr-e-invoicing/flow-statuses';

/**
 * Whether a credit note goes to the studio's platform (issue 32 §2): the studio has one, and the
 * invoice it corrects was to a client company with a SIREN (a B2B e-invoice) and was not rejected
 * by the platform (a rejected invoice never reached the client: its credit note stays in the books).
 */
export async function creditNoteTransmittable(sequelize: Sequelize, creditNoteId: string): Promise<boolean> {
  const transmission = await findCreditNoteTransmission(sequelize, creditNoteId);
  return (
    transmission !== null &&
    creditNoteTransmitted({ buyerSiren: transmission.buyer_siren, invoiceFlowStatus: transmission.invoice_flow_status })
  );
}
