import { type issueDocumentLink } from '../../db/commands/issue-document-link';
import { clientLinkBase } from '../../domain/accounts/portal-host';
import { type PortalDocumentKind } from '../../domain/client-portal/portal-documents';
import { type Bound } from '../db-deps';

/** The link's record (db/commands/issue-document-link.ts), bound by the worker. */
export interface PortalLinkDb {
  issueDocumentLink: Bound<typeof issueDocumentLink>;
}

/** Where the studio's client links point, and how long they live. */
export interface PortalLinkSettings {
  /** APP_BASE_URL and TENANT_BASE_URL: where the studio's client links point. */
  appBaseUrl: string;
  tenantBaseUrl: string;
  magicLinkTtlMinutes: number;
}

/** What a message about a document needs to carry the portal link that opens it (issue 31 §1). */
export type PortalLinkDeps = PortalLinkDb & PortalLinkSettings;

/**
 * The address of a single-use portal link to one document for its client, and the client's email
 * address (the only one the link may go to), or null when the contact has no email address or is
 * not among `recipients`. Each call issues a new link: only the message sent carries it.
 */
export async function portalDocumentLink(
  deps: PortalLinkDeps,
  input: {
    ownerId: string;
    contactId: string | null;
    kind: PortalDocumentKind;
    documentId: string;
    recipients?: string[];
  },
): Promise<{ url: string; clientEmail: string } | null> {
  if (!input.contactId) return null;
  const link = await deps.issueDocumentLink({
    ownerId: input.ownerId,
    contactId: input.contactId,
    kind: input.kind,
    documentId: input.documentId,
    ...(input.recipients ? { recipients: input.recipients } : {}),
    ttlMinutes: deps.magicLinkTtlMinutes,
  });
  if (!link) return null;
  return {
    url: `${clientLinkBase(link.owner, deps.appBaseUrl, deps.tenantBaseUrl)}/portal/open/${encodeURIComponent(link.token)}`,
    clientEmail: link.email,
  };
}
