import { PlatformError, type PlatformClient } from './platform-client';

/** A warning answered with an issue: the invoice is issued, but the studio should know. */
export interface IssueWarning {
  code: 'e_invoice_recipient_not_found' | 'e_invoice_directory_unreachable';
  message: string;
}

/**
 * Looks the client up in the e-invoicing directory before its invoice is issued (issue 32 §2): a
 * client not found will see its invoice rejected by the platform; a platform that does not answer
 * leaves the question open. Neither blocks the issue. Never called under a transaction.
 */
export async function recipientWarning(platform: PlatformClient, siren: string): Promise<IssueWarning | null> {
  try {
    if (await platform.lookupCompany(siren)) return null;
    return {
      code: 'e_invoice_recipient_not_found',
      message: `The client's SIREN ${siren} is not in the e-invoicing directory: your platform will likely reject the invoice. Check the SIREN on the client.`,
    };
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err;
    return {
      code: 'e_invoice_directory_unreachable',
      message:
        'Your e-invoicing platform did not answer the directory lookup; the invoice is issued and will be transmitted when the platform answers.',
    };
  }
}
