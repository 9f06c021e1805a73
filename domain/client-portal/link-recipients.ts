/**
 * Who may receive a message carrying the client's portal link (issue 40 §12): the link signs its
 * holder in as the client, so only the client's own address gets it. A document mailed to the
 * client and to others goes as two messages: the client's with the link, the others' without.
 * Addresses compare without regard to case; each keeps the spelling it was given.
 */
export function linkRecipients(
  recipients: readonly string[],
  clientEmail: string | null,
): { client: string[]; others: string[] } {
  const own = clientEmail?.trim().toLowerCase() ?? null;
  const isClient = (address: string) => own !== null && address.trim().toLowerCase() === own;
  return { client: recipients.filter(isClient), others: recipients.filter((r) => !isClient(r)) };
}
