/** The mention of a French studio that opted for VAT on debits (CGI annexe III art. 77), a note of its e-invoice (BT-22). */
export const VAT_ON_DEBITS_NOTE = "Option pour le paiement de la taxe d'après les débits";

/** UNTDID 4451 "tax declaration": the subject code (BT-21) of the VAT on debits note. */
export const VAT_ON_DEBITS_SUBJECT = 'TXD';
