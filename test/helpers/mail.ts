/** An e-mail as MailDev's REST API lists it: the fields the tests read. */
export type Mail = {
  id: string;
  to: { address: string }[];
  subject: string;
  text: string;
  html?: string;
  attachments?: { contentType: string; generatedFileName: string; fileName?: string }[];
};

/** Every e-mail MailDev (the test stack's SMTP server) has received for `address`, oldest first. */
export async function mailsTo(address: string): Promise<Mail[]> {
  const all = (await (await fetch(`${process.env.MAILDEV_URL}/email`)).json()) as Mail[];
  return all.filter((m) => m.to.some((to) => to.address === address));
}

/** The bytes of one attachment of a received e-mail (the first unless told). */
export async function mailAttachment(mail: Mail, index = 0): Promise<Buffer> {
  const name = mail.attachments![index].generatedFileName;
  const res = await fetch(`${process.env.MAILDEV_URL}/email/${mail.id}/attachment/${name}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Whether an e-mail is a payment's receipt (issue 31 §3), which every payment recorded now sends its client. */
export const isReceiptMail = (mail: Mail): boolean => /^(Reçu de paiement|Payment receipt) /.test(mail.subject);

/** The e-mails `address` received, less the payments' receipts. */
export const mailsBesideReceipts = async (address: string): Promise<Mail[]> =>
  (await mailsTo(address)).filter((mail) => !isReceiptMail(mail));
