import { type Transporter } from 'nodemailer';
import { type Logger } from 'pino';
import { type recordBookingLink } from '../../db/commands/booking-links';
import { type findBookingLetter } from '../../db/queries/booking-letter';
import { clientLinkBase } from '../../domain/accounts/portal-host';
import { newSecretToken } from '../../domain/secret-token';
import { languageOf } from '../../domain/accounts/locale-language';
import { bookingEmail } from '../../domain/booking/booking-email';
import { bookingInvitation } from '../../domain/calendar/booking-invitation';
import { writeCalendar } from '../../domain/calendar/ical-writer';
import { type BookingEmailActivities } from '../../workflows/booking/contract';
import { type Bound } from '../db-deps';

export interface BookingEmailDb {
  findBookingLetter: Bound<typeof findBookingLetter>;
  recordBookingLink: Bound<typeof recordBookingLink>;
}

export interface BookingEmailDeps extends BookingEmailDb {
  logger: Logger;
  mailer: Transporter;
  mailFrom: string;
  /** The host of the invitations' UIDs (APP_BASE_URL's): the same event as the member's calendar copy. */
  host: string;
  /** Where client links go (APP_BASE_URL, TENANT_BASE_URL): the booking's page. */
  appBaseUrl: string;
  tenantBaseUrl: string;
}

/**
 * The client's email about their booking (issue 45 §3) with its calendar invitation: an .ics that
 * calendar apps (Apple Calendar, Google, Outlook, Thunderbird) offer to add, update or remove, by
 * its stable UID and a SEQUENCE that grows with each change.
 */
export function createBookingEmailActivities(deps: BookingEmailDeps): BookingEmailActivities {
  return {
    async sendBookingEmail({ jobRunId, payload }) {
      const letter = await deps.findBookingLetter(payload.ownerId, payload.bookingId);
      if (!letter) return { to: '', sent: false };
      const sequence = Math.max(0, Math.floor((Date.parse(payload.eventAt) - letter.created_at.getTime()) / 1000));
      // A link of its own to the booking's page, its hash kept (the token only in this email).
      let link: string | null = null;
      if (payload.news !== 'cancelled') {
        const { token, hash } = newSecretToken();
        await deps.recordBookingLink({ bookingId: letter.id, ownerId: payload.ownerId, tokenHash: hash });
        const base = clientLinkBase(
          { plan: letter.studio_plan, tenant_slug: letter.studio_slug },
          deps.appBaseUrl,
          deps.tenantBaseUrl,
        );
        link = `${base.replace(/\/$/, '')}/portal/booking/${token}`;
      }
      const invitation = bookingInvitation(letter, payload.news, { host: deps.host, sequence, now: new Date() });
      const email = bookingEmail(languageOf(letter.client_locale), payload.news, {
        studioName: letter.studio_name,
        clientName: letter.client_name,
        sessionTypeName: letter.session_type_name,
        start: letter.starts_at,
        end: letter.ends_at,
        clientTimeZone: letter.client_time_zone,
        studioTimeZone: letter.studio_time_zone,
        address: letter.address,
        locale: letter.client_locale,
        link,
      });
      const ics = writeCalendar(invitation);
      await deps.mailer.sendMail({
        from: deps.mailFrom,
        replyTo: letter.studio_email,
        to: letter.client_email,
        ...email,
        // The invitation as calendar apps read it (a text/calendar part with its METHOD), and as a file.
        icalEvent: { method: invitation.method, filename: 'invitation.ics', content: ics },
        messageId: `<booking-email-${jobRunId}@studio.local>`,
      });
      deps.logger.info({ jobRunId, bookingId: letter.id, news: payload.news }, 'Booking email sent');
      return { to: letter.client_email, sent: true };
    },
  };
}
