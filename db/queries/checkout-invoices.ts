import { type Sequelize } from 'sequelize-typescript';
import { type UserLocale, type UserPlan } from '../../domain/accounts/users';
import { Contact } from '../models/Contact';
import { type Invoice } from '../models/Invoice';
import { Organization } from '../models/Organization';
import { type ClientRef } from './client-accounts';
import { findClientInvoice } from './client-documents';

/** What starting a checkout of one of the client's invoices reads (issue 31 §3). */
export interface CheckoutInvoice {
  /** With its lines and the session its schedule follows (findClientInvoice). */
  invoice: Invoice;
  /** The studio: where its client links point (plan, tenant slug), its language and calendar. */
  studio: { plan: UserPlan; tenant_slug: string | null; locale: UserLocale; time_zone: string };
  /** The invoice's client as the contact is now: the checkout's email and language. */
  contact: { email: string | null; locale: UserLocale | null } | null;
}

/**
 * One of the client's issued invoices with what its checkout needs; 404 ('Invoice') for a draft,
 * another client's or another studio's (findClientInvoice).
 */
export async function findCheckoutInvoice(
  sequelize: Sequelize,
  account: ClientRef,
  invoiceId: string,
): Promise<CheckoutInvoice> {
  const invoice = await findClientInvoice(sequelize, account, invoiceId);
  const [studio, contact] = await Promise.all([
    Organization.findByPk(invoice.owner_id, {
      attributes: ['plan', 'tenant_slug', 'locale', 'time_zone'],
      rejectOnEmpty: true,
    }),
    invoice.contact_id
      ? Contact.findOne({
          where: { id: invoice.contact_id, owner_id: invoice.owner_id },
          attributes: ['email', 'locale'],
        })
      : null,
  ]);
  return {
    invoice,
    studio: { plan: studio.plan, tenant_slug: studio.tenant_slug, locale: studio.locale, time_zone: studio.time_zone },
    contact: contact ? { email: contact.email, locale: contact.locale } : null,
  };
}
