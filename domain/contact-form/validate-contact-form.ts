/** The fields of the public contact form (docs/contact-form.md), in the order the page shows them. */
export const CONTACT_FORM_FIELDS = ['first_name', 'last_name', 'email', 'phone_number', 'message'] as const;
export type ContactFormField = (typeof CONTACT_FORM_FIELDS)[number];

/** The hidden field only robots fill: a submission with it filled is answered as usual and creates nothing. */
export const HONEYPOT_FIELD = 'website';

export const MAX_MESSAGE_LENGTH = 5000;
/** The lengths of the contacts table's columns (names varchar(100), email varchar(255), phone varchar(50)). */
const MAX_LENGTH: Record<ContactFormField, number> = {
  first_name: 100,
  last_name: 100,
  email: 255,
  phone_number: 50,
  message: MAX_MESSAGE_LENGTH,
};

export type ContactFormProblem = 'required' | 'name_required' | 'invalid_email' | 'invalid_phone' | 'too_long';

/** The answers, trimmed; an empty optional answer is null. */
export interface ContactFormAnswers {
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone_number: string | null;
  message: string | null;
}

export type ContactFormResult =
  | { ok: true; answers: ContactFormAnswers }
  | {
      ok: false;
      values: Record<ContactFormField, string>;
      errors: Partial<Record<ContactFormField, ContactFormProblem>>;
    };

// One @, no spaces, a dot in the domain: what a person types, not the full RFC grammar.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// Digits with the usual separators, optionally a leading +.
const PHONE = /^\+?[0-9 ().\-/]{4,}$/;

/**
 * Checks a posted contact form (strings from an urlencoded body; anything else counts as empty):
 * a valid email is required, at least one of the names, a message of at most 5 000 characters,
 * and an optional phone number.
 */
export function validateContactForm(body: Record<string, unknown>): ContactFormResult {
  const values = Object.fromEntries(
    CONTACT_FORM_FIELDS.map((f) => [f, typeof body[f] === 'string' ? (body[f] as string).trim() : '']),
  ) as Record<ContactFormField, string>;
  const errors: Partial<Record<ContactFormField, ContactFormProblem>> = {};
  for (const f of CONTACT_FORM_FIELDS) if (values[f].length > MAX_LENGTH[f]) errors[f] = 'too_long';
  if (!values.email) errors.email = 'required';
  else if (!errors.email && !EMAIL.test(values.email)) errors.email = 'invalid_email';
  if (!values.first_name && !values.last_name) errors.first_name = 'name_required';
  if (values.phone_number && !errors.phone_number && !PHONE.test(values.phone_number))
    errors.phone_number = 'invalid_phone';
  if (Object.keys(errors).length) return { ok: false, values, errors };
  const orNull = (s: string) => s || null;
  return {
    ok: true,
    answers: {
      first_name: orNull(values.first_name),
      last_name: orNull(values.last_name),
      email: values.email,
      phone_number: orNull(values.phone_number),
      message: orNull(values.message),
    },
  };
}

/** True when the honeypot field came back filled. */
export const isHoneypotFilled = (body: Record<string, unknown>): boolean =>
  typeof body[HONEYPOT_FIELD] === 'string' && (body[HONEYPOT_FIELD] as string).trim() !== '';
