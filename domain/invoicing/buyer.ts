/**
 * The client as an issued invoice shows it for good (issue 20 §3, §6): copied from the contact at
 * issue, so a later edit or deletion of the contact leaves the legal document as it was sent.
 */
export interface InvoiceBuyer {
  name: string;
  email: string | null;
  street: string | null;
  zipcode: string | null;
  city: string | null;
  country: string | null;
  /** The contact's kind as the studio keeps it (`PERSON`, `COMPANY`…), for the business-client mentions. */
  contact_type: string | null;
  /** A client company's name, SIREN and VAT number (absent on invoices issued before they existed). */
  company_name?: string | null;
  siren?: string | null;
  vat_number?: string | null;
  /** The client's state or province (NY, QC), its tax-exempt certificate and reverse charge (issue 30 §2). */
  region?: string | null;
  tax_exempt_reference?: string | null;
  reverse_charge?: boolean;
}

/** What a contact holds of its buyer copy: the same fields, with its names in two parts. */
type ContactFields = Omit<InvoiceBuyer, 'name' | 'reverse_charge'> & {
  first_name: string | null;
  last_name: string | null;
  reverse_charge?: boolean | null;
};

const clean = (value: string | null | undefined) => {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text : null;
};

/** The buyer of a contact, or null when there is no contact or it has neither a name nor a company name. */
export function buyerOf(contact: ContactFields | null | undefined): InvoiceBuyer | null {
  if (!contact) return null;
  const name = clean([contact.first_name, contact.last_name].filter(Boolean).join(' ')) ?? clean(contact.company_name);
  if (!name) return null;
  return {
    name,
    email: clean(contact.email),
    street: clean(contact.street),
    zipcode: clean(contact.zipcode),
    city: clean(contact.city),
    country: clean(contact.country),
    contact_type: clean(contact.contact_type),
    company_name: clean(contact.company_name),
    siren: clean(contact.siren),
    vat_number: clean(contact.vat_number),
    region: clean(contact.region),
    tax_exempt_reference: clean(contact.tax_exempt_reference),
    reverse_charge: Boolean(contact.reverse_charge),
  };
}

/** A business client: it has a company name, or the contact's type says company (any case: COMPANY, BUSINESS, professional…). */
export function isBusinessBuyer(buyer: InvoiceBuyer | null): boolean {
  return (
    Boolean(buyer?.company_name?.trim()) ||
    /^(company|business|professional|pro|entreprise|societe|société)$/i.test(buyer?.contact_type?.trim() ?? '')
  );
}
