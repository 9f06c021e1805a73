import { QueryTypes } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';

/**
 * Records a signature's signed copy (the signed pdf and its certificate page), the first recorded
 * kept for good: a second render racing it finds the first and answers it. Returns the key kept.
 */
export async function recordSignedCopy(
  sequelize: Sequelize,
  ownerId: string,
  signatureId: string,
  key: string,
): Promise<string> {
  const [row] = await sequelize.query<{ certificate_pdf_key: string }>(
    `UPDATE quote_signatures SET certificate_pdf_key = COALESCE(certificate_pdf_key, $3)
      WHERE id = $1 AND owner_id = $2 RETURNING certificate_pdf_key`,
    { bind: [signatureId, ownerId, key], type: QueryTypes.SELECT },
  );
  return row?.certificate_pdf_key ?? key;
}

/** Marks the signed copy as emailed to the studio and the client (once: a retried send finds it done). */
export async function markSignatureEmailed(sequelize: Sequelize, ownerId: string, signatureId: string): Promise<void> {
  await sequelize.query(
    'UPDATE quote_signatures SET emailed_at = now() WHERE id = $1 AND owner_id = $2 AND emailed_at IS NULL',
    { bind: [signatureId, ownerId] },
  );
}
