import { type Express } from 'express';
import request from 'supertest';
import { buildBillableContact } from './contacts';
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
  user: Pick<TestUser, 'token'>,
  profile: Record<string, unknown> = FRENCH_STUDIO,
): Promise<Record<string, unknown>> {
  const res = await request(app).put('/api/users/me/company').set(as(user)).send(profile);
  if (res.status !== 200) throw new Error(`company profile failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, unknown>;
}

/** An invoice as the API answers it. */
export interface InvoiceBody {
  id: string;
  number: string;
  status: string;
  amount: string;
  payment_status: string;
  amount_paid: string;
  balance_due: string;
  contact_id: string | null;
  items: DocumentLine[];
  payment_schedule: Installment[] | null;
  [key: string]: unknown;
}

/** A line of a quote or invoice as the API answers it. */
export type DocumentLine = { id: string; description: string; total: string } & Record<string, unknown>;
/** An installment of a payment schedule as the API answers it. */
export type Installment = { amount: string; due_date: string | null } & Record<string, unknown>;

/** What `buildInvoice` and `buildQuote` take besides the API's own body fields. */
export interface DocumentOptions {
  /** The price without tax of the one default line (250.00, 20 % VAT), when `items` is not given. */
  price?: string;
  /** Save the French studio's company profile first; by default only when the document is issued. */
  profile?: boolean;
}

/** The one line of a document built without `items`. */
export const defaultLines = (price = '250.00') => [
  { item_type: 'SESSION_TYPE', description: 'Séance', price_without_tax: price, vat_percentage: 20 },
];

/**
 * The body of a new quote or invoice: the given fields over a title and one line, for the client
 * given as `contact_id`; a billable contact is made when it is not given (`contact_id: null` for none).
 */
export async function documentBody(
  app: Express,
  user: Pick<TestUser, 'token'>,
  title: string,
  { price, profile, ...fields }: Record<string, unknown> & DocumentOptions,
  issued: boolean,
): Promise<Record<string, unknown>> {
  if (profile ?? issued) await saveStudioProfile(app, user);
  const contactId = fields.contact_id !== undefined ? fields.contact_id : (await buildBillableContact(app, user)).id;
  return { title, items: defaultLines(price), ...fields, contact_id: contactId };
}

/**
 * An invoice owned by `user`, through the API: a draft of one line for a new billable client unless
 * told otherwise; `issued: true` issues it (POST /issue), saving the studio's profile first.
 */
export async function buildInvoice(
  app: Express,
  user: Pick<TestUser, 'token'>,
  { issued = false, ...overrides }: Record<string, unknown> & DocumentOptions & { issued?: boolean } = {},
): Promise<InvoiceBody> {
  const body = await documentBody(app, user, 'Séance famille', overrides, issued);
  const res = await request(app).post('/api/invoices').set(as(user)).send(body);
  if (res.status !== 201) throw new Error(`invoice create failed: ${res.status} ${JSON.stringify(res.body)}`);
  if (!issued) return res.body as InvoiceBody;
  const issue = await request(app).post(`/api/invoices/${res.body.id}/issue`).set(as(user));
  if (issue.status !== 200) throw new Error(`issue failed: ${issue.status} ${JSON.stringify(issue.body)}`);
  return issue.body as InvoiceBody;
}
