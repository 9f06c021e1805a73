import { type LocalWords } from '../regime';

/**
 * A Canadian French document (fr-CA): Canada's taxes are the TPS, TVH, TVQ or TVP by province
 * (Revenu Québec's own words), so the document says "Taxes" where "TVA" would be wrong; a studio's
 * rate typed in English ("GST", "QST") prints "TPS", "TVQ"; and the mentions that state a number
 * or a day are worded as Revenu Québec words them (the others keep their English text).
 */
export const CA_FRENCH: LocalWords = {
  locale: 'fr-CA',
  taxWords: { vat: 'Taxes', totalVat: 'Total des taxes', vatSummary: 'Récapitulatif des taxes' },
  taxNames: {
    GST: 'TPS',
    HST: 'TVH',
    QST: 'TVQ',
    PST: 'TVP',
  },
  mentions: {
    gst_hst_number: (n) => `Numéro d’inscription à la TPS/TVH : ${n}`,
    qst_number: (n) => `Numéro d’inscription à la TVQ : ${n}`,
    payment_terms: (day) => `Payable au plus tard le ${day}`,
  },
};
