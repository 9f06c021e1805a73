import { clientIdentifierProblems, normalizeClientIdentifiers } from '../../domain/company/client-identifiers';
import { ValidationError } from '../../domain/errors';
import { type Contact } from '../models/Contact';

export type ContactProps = Partial<
  Pick<
    Contact,
    | 'first_name'
    | 'last_name'
    | 'email'
    | 'phone_number'
    | 'street'
    | 'city'
    | 'zipcode'
    | 'country'
    | 'notes'
    | 'contact_type'
    | 'locale'
    | 'company_name'
    | 'siren'
    | 'vat_number'
    | 'region'
    | 'tax_exempt_reference'
    | 'reverse_charge'
    | 'time_zone'
  >
>;

/** The client company's identifiers normalized, or a 400 naming each wrong one (checked on the merged record). */
export function checkedIdentifiers<T extends Pick<ContactProps, 'siren' | 'vat_number' | 'country'>>(props: T): T {
  const normalized = normalizeClientIdentifiers(props);
  const problems = clientIdentifierProblems(normalized);
  if (problems.length) throw new ValidationError('A company identifier of the client is not valid', problems);
  return normalized;
}
