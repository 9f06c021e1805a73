import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

/**
 * The SIREN of a draft invoice's client (its contact, which the issue copies into the buyer), or
 * null when the invoice is not the owner's, not a draft, or its client has no SIREN (not B2B).
 */
export async function findDraftBuyerSiren(
  sequelize: Sequelize,
  ownerId: string,
  invoiceId: string,
): Promise<string | null> {
  const [row] = await sequelize.query<{ siren: string | null }>(
    `SELECT nullif(btrim(c.siren), '') AS siren FROM invoices i JOIN contacts c ON c.id = i.contact_id
      WHERE i.id = $1 AND i.owner_id = $2 AND i.status = 'DRAFT'`,
    { bind: [invoiceId, ownerId], type: QueryTypes.SELECT },
  );
  return row?.siren ?? null;
}
