import { type ImportEntity } from './target-fields';

/**
 * Header → target field, from the spec's "Automatic header mapping" table, plus the French
 * headers of the spreadsheets French studios keep (Prénom, Nom, Téléphone, Code postal, ...) and
 * the headers of this service's own exports (sessions: Date), so an export imports back.
 * Lookups go through `normalizeHeader`, so case, accents, surrounding spaces and `_` never matter.
 */
const VARIANTS: Record<ImportEntity, Record<string, readonly string[]>> = {
  contacts: {
    first_name: ['First Name', 'firstname', 'first_name', 'Given Name', 'Prénom'],
    last_name: ['Last Name', 'lastname', 'last_name', 'Family Name', 'Nom', 'Nom de famille'],
    full_name: ['Name', 'full name', 'full_name', 'Nom complet'],
    email: [
      'Email',
      'e-mail',
      'E-mail 1 - Value',
      'E-mail 2 - Value',
      'Courriel',
      'Adresse e-mail',
      'Adresse email',
      'Mail',
    ],
    phone_number: [
      'Phone',
      'phone_number',
      'phone number',
      'Phone 1 - Value',
      'Phone 2 - Value',
      'Téléphone',
      'Tél',
      'Tel',
      'Portable',
      'Mobile',
    ],
    street: ['Street', 'Address 1 - Street', 'Rue', 'Adresse'],
    city: ['City', 'Address 1 - City', 'Ville'],
    zipcode: ['Zipcode', 'zip code', 'postal code', 'Address 1 - Postal Code', 'Code postal', 'CP'],
    country: ['Country', 'Address 1 - Country', 'Pays'],
    notes: ['Notes', 'Remarques'],
    contact_type: ['Contact Type', 'contact type', 'type', 'Type de contact'],
    locale: ['Locale', 'Language', 'Langue'],
    company_name: [
      'Company',
      'Company Name',
      'Organization',
      'Organisation',
      'Société',
      'Entreprise',
      'Raison sociale',
    ],
    siren: ['SIREN', 'Numéro SIREN'],
    vat_number: ['VAT Number', 'VAT', 'VAT ID', 'N° TVA', 'Numéro de TVA', 'TVA intracommunautaire'],
    region: ['Region', 'State', 'Province', 'County', 'Région', 'État'],
    tax_exempt_reference: [
      'Tax Exempt Reference',
      'Tax Exemption',
      'Resale Certificate',
      'Exemption Certificate',
      "Certificat d'exonération",
    ],
    reverse_charge: ['Reverse Charge', 'Autoliquidation'],
  },
  sessions: {
    title: ['Title', 'Titre'],
    location: ['Location', 'Lieu'],
    contact_id: ['Contact ID', 'contact id', 'contact_id'],
    start_date: ['Start Date', 'start date', 'start_date', 'Date', 'Date de début'],
    end_date: ['End Date', 'end date', 'end_date', 'Date de fin'],
    notes: ['Notes', 'Remarques'],
    status: ['Status', 'Statut'],
    session_type: [
      'Session Type',
      'session type',
      'session_type',
      'Type',
      'Type de séance',
      'Type de session',
      'Type de prestation',
    ],
    lead: ['Lead', 'Lead Photographer', 'Photographe principal'],
    second_shooters: [
      'Second Shooters',
      'Second Shooter',
      '2nd Shooters',
      'Second photographe',
      'Seconds photographes',
    ],
    assistants: ['Assistants', 'Assistant', 'Assistante'],
  },
  quotes: {
    title: ['Title', 'Titre'],
    amount: ['Amount', 'Montant'],
    status: ['Status', 'Statut'],
    valid_until: ['Valid Until', 'valid until', 'valid_until', "Valable jusqu'au", 'Validité'],
    description: ['Description'],
    session_id: ['Session ID', 'session id', 'session_id'],
    contact_id: ['Contact ID', 'contact id', 'contact_id'],
    currency: ['Currency', 'Devise', 'Monnaie'],
  },
  invoices: {
    title: ['Title', 'Titre'],
    amount: ['Amount', 'Montant'],
    status: ['Status', 'Statut'],
    due_date: ['Due Date', 'due date', 'due_date', 'Échéance', "Date d'échéance"],
    description: ['Description'],
    session_id: ['Session ID', 'session id', 'session_id'],
    contact_id: ['Contact ID', 'contact id', 'contact_id'],
    quote_id: ['Quote ID', 'quote id', 'quote_id'],
    currency: ['Currency', 'Devise', 'Monnaie'],
  },
};

/**
 * Folds a header for comparison: accents stripped (NFD, combining marks removed), lower case,
 * typographic apostrophes made plain (a spreadsheet's autocorrect writes ’), `_` and runs of
 * spaces made single spaces, trimmed. "  Prénom_ " and "prenom" compare equal.
 */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .toLowerCase()
    .replace(/_/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const LOOKUP: Record<ImportEntity, Map<string, string>> = Object.fromEntries(
  Object.entries(VARIANTS).map(([entity, targets]) => {
    const map = new Map<string, string>();
    for (const [target, variants] of Object.entries(targets))
      for (const v of variants) map.set(normalizeHeader(v), target);
    return [entity, map];
  }),
) as Record<ImportEntity, Map<string, string>>;

/** The target field a header maps to automatically, or undefined when it is not recognised. */
export function targetForHeader(entity: ImportEntity, header: string): string | undefined {
  return LOOKUP[entity].get(normalizeHeader(header));
}

/**
 * The automatic mapping of a file's headers: every recognised header, in file order. Several
 * headers may map to one target (E-mail 1 and E-mail 2): the row builder takes the first
 * non-empty cell among them.
 */
export function autoMapHeaders(entity: ImportEntity, headers: readonly string[]): Record<string, string> {
  // A Map, then fromEntries: a header such as "__proto__" or "constructor" stays a plain key.
  const mapping = new Map<string, string>();
  for (const header of headers) {
    const target = targetForHeader(entity, header);
    if (target !== undefined && !mapping.has(header)) mapping.set(header, target);
  }
  return Object.fromEntries(mapping);
}

/** The header variants per target field, for `POST /api/import/info` and the docs. */
export function headerVariants(entity: ImportEntity): Record<string, readonly string[]> {
  return VARIANTS[entity];
}
