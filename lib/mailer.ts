import nodemailer, { type Transporter } from 'nodemailer';

/** The SMTP transport of SMTP_URL (MailDev under `npm start`), one per process. */
export function createMailer(smtpUrl: string): Transporter {
  return nodemailer.createTransport(smtpUrl);
}
