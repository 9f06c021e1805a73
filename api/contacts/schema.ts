import { z } from 'zod';
import { USER_LOCALES } from '../../domain/accounts/users';
import {
  optionalCountry,
  optionalEmail,
  optionalRegion,
  optionalText,
  PageQuery,
  pageOf,
  timeZoneName,
} from '../http/common-schemas';

const contactFields = {
  first_name: optionalText(100),
  last_name: optionalText(100),
  email: optionalEmail,
  phone_number: optionalText(50),
  street: optionalText(255),
  city: optionalText(100),
  zipcode: optionalText(20),
  country: optionalCountry,
  notes: optionalText(10_000),
  contact_type: optionalText(50),
  /** The language the contact reads (invitation, portal, messages, documents); null follows the studio's. */
  locale: z.enum(USER_LOCALES).nullable().optional(),
  /** A client company: its name, SIREN and VAT number, printed on its invoices (a French SIREN's key is checked). */
  company_name: optionalText(255),
  siren: optionalText(20),
  vat_number: optionalText(20),
  /** The client's state or province (NY, QC): the studio's tax rate for it applies by default. */
  region: optionalRegion,
  /** A tax-exempt client's resale or exemption certificate: its documents carry no tax and print it. */
  tax_exempt_reference: optionalText(100),
  /** A business client abroad that accounts for the tax itself (EU or UK reverse charge, with its VAT number). */
  reverse_charge: z.boolean().optional(),
  /** The client's clock (payment reminders keep to its daytime); null follows the studio's time zone. */
  time_zone: timeZoneName.nullable().optional(),
};

/** A contact needs a first or a last name (spec: import target fields). */
export const CreateContactBody = z
  .object(contactFields)
  .strict()
  .refine((c) => Boolean(c.first_name || c.last_name), {
    message: 'first_name or last_name is required',
    path: ['first_name'],
  });
export type CreateContactBody = z.infer<typeof CreateContactBody>;

/** Partial update; the name rule is checked again on the merged record. */
export const UpdateContactBody = z.object(contactFields).strict();
export type UpdateContactBody = z.infer<typeof UpdateContactBody>;

export const ContactListQuery = PageQuery.extend({
  /** Matches first name, last name or email, case-insensitively. */
  q: z.string().trim().max(100).optional(),
});
export type ContactListQuery = z.infer<typeof ContactListQuery>;

export const ContactView = z.object({
  id: z.uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  zipcode: z.string().nullable(),
  country: z
    .string()
    .nullable()
    .describe('ISO 3166-1 alpha-2 code (a contact saved before 2026-11-25 may hold a text no country was read from)'),
  /** The country's name in the requester's language (Royaume-Uni, United Kingdom); a legacy text as it is. */
  country_name: z.string().nullable().describe("The country's name in the studio user's language"),
  notes: z.string().nullable(),
  contact_type: z.string().nullable(),
  /** null: the contact reads the studio's language. */
  locale: z.enum(USER_LOCALES).nullable(),
  company_name: z.string().nullable(),
  siren: z.string().nullable(),
  vat_number: z.string().nullable(),
  region: z.string().nullable(),
  tax_exempt_reference: z.string().nullable(),
  reverse_charge: z.boolean(),
  time_zone: z.string().nullable(),
  /** Payment reminders paused for every invoice of this client (PUT /api/contacts/:id/reminders). */
  reminders_paused: z.boolean(),
  /** Set when the studio erased the contact (POST /api/contacts/:id/erase): its personal fields are gone for good. */
  erased_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const ContactPage = pageOf(ContactView);

/** POST /api/contacts/:id/erase: why, for the audit row (the contact's own values are taken out of it). */
export const EraseContactBody = z.object({ reason: z.string().trim().max(500).optional() }).strict();
export type EraseContactBody = z.infer<typeof EraseContactBody>;

const count = z.number().int().min(0);
const numbered = z.object({ count, numbers: z.array(z.string()) });

/** What an erasure removed and kept, by kind and count: never a value (docs/data-retention.md). */
export const ContactErasureView = z.object({
  contact_id: z.uuid(),
  erased_at: z.string(),
  removed: z.object({
    contact_fields: z.array(z.string()).describe('The personal fields that held a value'),
    client_accounts: count,
    magic_links: count,
    questionnaire_answers: count.describe('Sessions of which the contact is the client whose answers were cleared'),
    session_links: count.describe('Sessions the contact was attached to, as another contact'),
    files: count,
    copies: z.record(z.string(), count).describe('Per table, the rows whose copy of the contact was scrubbed'),
    free_text: z.object({ sessions: count, draft_documents: count }),
  }),
  kept: z.object({
    issued_invoices: numbered,
    credit_notes: numbered,
    payments: count,
    quote_signatures: count.describe("Signatures of the contact's quotes: a contract's evidence, kept"),
    documents_pointing_at_contact: z.object({ draft_invoices: count, quotes: count }),
    retention: z.object({
      country: z.string().nullable(),
      years: count,
      basis: z.string(),
      until: z.string().nullable().describe('31 December of the last year the law asks these records to be kept'),
    }),
  }),
  /** Stored files storage refused to delete now: the orphan cleanup removes them. */
  files_left_in_storage: count,
  review: z.string(),
});
