import crypto from 'node:crypto';
import { type Express } from 'express';
import request from 'supertest';
import { type TestUser } from './users';
import { as } from '../helpers/auth';

/** A French studio's complete company profile: what an invoice needs to be issued (SIREN 912345675). */
export const FRENCH_STUDIO = {
  company_name: 'Studio Lumière SARL',
  legal_form: 'SARL',
  share_capital: '5000',
  siren: '912345675',
  siret: '91234567500017',
  vat_number: 'FR65912345675',
  rcs_city: 'Paris',
  company_street: '12 rue Lepic',
  company_zipcode: '75018',
  company_city: 'Paris',
  company_country: 'FR',
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP',
  late_payment_rate: 10,
  payment_terms_days: 30,
};

/** Saves the studio's company profile through the API (the French one unless told otherwise). */
export async function saveStudioProfile(
  app: Express,
  user: TestUser,
  profile: Record<string, unknown> = FRENCH_STUDIO,
): Promise<void> {
  const res = await request(app).put('/api/users/me/company').set(as(user)).send(profile);
  if (res.status !== 200) throw new Error(`company profile failed: ${res.status} ${JSON.stringify(res.body)}`);
}

/** A client with a full postal address, as an issued invoice needs. */
export async function buildBillableContact(
  app: Express,
  user: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string }> {
  const res = await request(app)
    .post('/api/contacts')
    .set(as(user))
    .send({
      first_name: 'Chloé',
      last_name: 'Dubois',
      email: `chloe-${crypto.randomUUID()}@example.fr`,
      street: '27 quai Saint-Antoine',
      zipcode: '69002',
      city: 'Lyon',
      country: 'France',
      ...overrides,
    });
  if (res.status !== 201) throw new Error(`contact create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string };
}

export interface InvoiceBody {
  id: string;
  number: string;
  status: string;
  amount: string;
  payment_status: string;
  amount_paid: string;
  balance_due: string;
  items: { id: string; total: string }[];
  [key: string]: unknown;
}

/**
 * A draft invoice of one line (price without tax, 20 % VAT) for a billable client; the studio's
 * profile is saved first when `profile` is true (the default).
 */
export async function buildDraftInvoice(
  app: Express,
  user: TestUser,
  options: { priceWithoutTax?: string; contactId?: string; profile?: boolean; extra?: Record<string, unknown> } = {},
): Promise<InvoiceBody> {
  if (options.profile !== false) await saveStudioProfile(app, user);
  const contactId = options.contactId ?? (await buildBillableContact(app, user)).id;
  const res = await request(app)
    .post('/api/invoices')
    .set(as(user))
    .send({
      title: 'Séance famille',
      contact_id: contactId,
      items: [
        {
          item_type: 'SESSION_TYPE',
          description: 'Séance',
          price_without_tax: options.priceWithoutTax ?? '250.00',
          vat_percentage: 20,
        },
      ],
      ...options.extra,
    });
  if (res.status !== 201) throw new Error(`invoice create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as InvoiceBody;
}

/** An issued invoice (draft, then POST /issue). */
export async function buildIssuedInvoice(
  app: Express,
  user: TestUser,
  options: Parameters<typeof buildDraftInvoice>[2] = {},
): Promise<InvoiceBody> {
  const draft = await buildDraftInvoice(app, user, options);
  const res = await request(app).post(`/api/invoices/${draft.id}/issue`).set(as(user));
  if (res.status !== 200) throw new Error(`issue failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as InvoiceBody;
}
