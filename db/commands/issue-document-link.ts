import { type Sequelize } from 'sequelize-typescript';
import { type PortalDocumentKind } from '../../domain/client-portal/portal-documents';
import { type UserPlan } from '../../domain/accounts/users';
import { Contact } from '../models/Contact';
import { MagicLinkToken } from '../models/MagicLinkToken';
import { Organization } from '../models/Organization';
import { newSecretToken } from '../../domain/secret-token';
import { ensureClientAccount } from './ensure-client-account';

/** A link's token and what its address is built from (the studio's host: domain/accounts/portal-host.ts). */
export interface DocumentLink {
  token: string;
  expiresAt: Date;
  owner: { plan: UserPlan; tenant_slug: string | null };
  /** The client's address, the only one the link may be sent to (domain/client-portal/link-recipients.ts). */
  email: string;
}

/**
 * A single-use portal link that signs the document's client in and opens that document (issue 31
 * §1): the client account of the contact made on first need. Null when the contact is gone, has
 * no email address, or is not among the message's recipients (the message then goes without a link).
 */
export async function issueDocumentLink(
  sequelize: Sequelize,
  input: {
    ownerId: string;
    contactId: string;
    kind: PortalDocumentKind;
    documentId: string;
    ttlMinutes: number;
    /** The message's recipients: a link is issued only when the contact is one of them (a copy to someone else signs no one in). */
    recipients?: string[];
  },
): Promise<DocumentLink | null> {
  const contact = await Contact.findOne({ where: { id: input.contactId, owner_id: input.ownerId } });
  if (!contact?.email) return null;
  const email = contact.email.toLowerCase();
  if (input.recipients && !input.recipients.some((r) => r.toLowerCase() === email)) return null;
  const account = await ensureClientAccount(sequelize, contact);
  const owner = await Organization.findByPk(input.ownerId, {
    attributes: ['plan', 'tenant_slug'],
    rejectOnEmpty: true,
  });
  const { token, hash } = newSecretToken();
  const expiresAt = new Date(Date.now() + input.ttlMinutes * 60_000);
  await MagicLinkToken.create({
    client_account_id: account.id,
    session_id: null,
    document_kind: input.kind,
    document_id: input.documentId,
    token_hash: hash,
    expires_at: expiresAt,
  });
  return { token, expiresAt, owner: { plan: owner.plan, tenant_slug: owner.tenant_slug }, email: contact.email };
}
