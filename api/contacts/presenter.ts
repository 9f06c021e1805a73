import { type ContactRow } from '../../db/rows';
import { countryName } from '../../domain/countries';

/** The fields of a contact the API shows; its country's name in `locale`, the requester's. */
export function presentContact(c: ContactRow, locale: string) {
  return {
    id: c.id,
    first_name: c.first_name,
    last_name: c.last_name,
    email: c.email,
    phone_number: c.phone_number,
    street: c.street,
    city: c.city,
    zipcode: c.zipcode,
    country: c.country,
    country_name: countryName(c.country, locale),
    notes: c.notes,
    contact_type: c.contact_type,
    locale: c.locale,
    company_name: c.company_name,
    siren: c.siren,
    vat_number: c.vat_number,
    region: c.region ?? null,
    tax_exempt_reference: c.tax_exempt_reference ?? null,
    reverse_charge: Boolean(c.reverse_charge),
    time_zone: c.time_zone,
    reminders_paused: c.reminders_paused,
    erased_at: c.erased_at?.toISOString() ?? null,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}
