import { type Sequelize } from 'sequelize-typescript';
import { awaitStudio, linkBookingInvoice, reviveBookingHold } from '../../db/commands/booking';
import { recordCheckoutSession } from '../../db/commands/record-checkout-session';
import { saveDocument } from '../../db/commands/save-document';
import { type PaymentEvent } from '../../db/commands/payments';
import {
  type BookingStudioRow,
  type BookingTypeRow,
  findBooking,
  findBookingByCheckoutSession,
  findBookingStudioById,
  findBookingType,
} from '../../db/queries/booking';
import { hasCardPaymentForSession } from '../../db/queries/card-payments';
import { asStudio } from '../../db/studio-context';
import { type EInvoiceChecker } from '../../domain/invoicing/e-invoice-rules';
import { isCheckoutSessionEvent } from '../../domain/payments/card-events';
import { fromMinorUnits } from '../../domain/money/currency';
import { depositLine, depositTitle } from '../../domain/booking/booking-words';
import { NotFoundError } from '../../domain/errors';
import { formatTimestampInZone } from '../../domain/wall-clock';
import { issueInvoice } from '../invoicing/issue-invoice';
import { type BookingDeps, clientOf, confirmAndInvite } from './book-slot';
import { bookedLineTax } from '../../domain/booking/booked-line-tax';

export interface BookingDepositDeps extends BookingDeps {
  checkEInvoice: EInvoiceChecker;
}

/**
 * A booking's deposit paid on its hosted checkout (issue 45 §2), before the payment event is
 * applied: the booking confirmed (contact, session, questionnaire), then its deposit invoice
 * drafted, issued (a legal record from then on) and given the checkout's card payment, so that
 * the event then lands in the ledger as any invoice's payment does. Each step finds what a retry
 * already did. A client who paid after their hold ended gets their slot back if it is still free;
 * if another client took it, the money is still recorded on the invoice, and the log says the
 * studio has a refund to make. Answers false for an event that is not a booking's.
 */
export async function settleBookingDeposit(deps: BookingDepositDeps, event: PaymentEvent): Promise<boolean> {
  const { sequelize, logger } = deps;
  if (event.provider !== 'cardprovider' || !isCheckoutSessionEvent(event.eventType)) return false;
  const booking = await findBookingByCheckoutSession(sequelize, event.reference);
  if (!booking || booking.deposit_amount_minor === null || !booking.currency) return false;
  return asStudio(booking.owner_id, async () => {
    const orgId = booking.owner_id;
    const client = clientOf(booking);
    if (booking.status === 'EXPIRED' && !(await reviveBookingHold(sequelize, orgId, booking.id)))
      logger.error(
        { bookingId: booking.id, orgId },
        'Booking deposit paid after its hold ended and the slot went to another client: recorded, to be refunded by the studio',
      );
    const type = await findBookingType(sequelize, orgId, booking.session_type_id);
    const studio = await findBookingStudioById(sequelize, orgId);
    if (!studio || !type) throw new NotFoundError('Booking');
    // A type the studio confirms by hand waits for it, its deposit paid; else the booking is confirmed now.
    if (type.requires_confirmation) await awaitStudio(sequelize, orgId, booking.id);
    else
      await confirmAndInvite(
        deps,
        studio,
        { name: booking.session_type_name, location_kind: type.location_kind, location: type.location },
        booking.id,
        client,
      );
    const invoiceId = booking.invoice_id ?? (await draftDepositInvoice(sequelize, studio, type, booking.id));
    await issueInvoice(sequelize, deps.checkEInvoice, orgId, invoiceId);
    if (!(await hasCardPaymentForSession(sequelize, event.reference)))
      await recordCheckoutSession(sequelize, invoiceId, {
        checkoutSessionId: event.reference,
        amount: fromMinorUnits(BigInt(booking.deposit_amount_minor ?? '0'), booking.currency ?? 'EUR'),
        currency: booking.currency ?? 'EUR',
      });
    return true;
  });
}

/**
 * The deposit invoice's draft: the booking's contact and session, one line at the deposit's amount
 * with tax, taxed as a booked line is (domain/booking/booked-line-tax.ts), in the studio's language;
 * linked to the booking (a retry that linked one first keeps that one).
 */
async function draftDepositInvoice(
  sequelize: Sequelize,
  studio: BookingStudioRow,
  type: BookingTypeRow,
  bookingId: string,
): Promise<string> {
  const booking = await findBooking(sequelize, studio.org_id, bookingId);
  if (!booking?.currency || booking.deposit_amount_minor === null) throw new NotFoundError('Booking');
  const amount = fromMinorUnits(BigInt(booking.deposit_amount_minor), booking.currency);
  const invoice = await saveDocument(sequelize, 'invoice', studio.org_id, null, {
    title: depositTitle(studio.locale, type.name),
    contact_id: booking.contact_id,
    session_id: booking.session_id,
    currency: booking.currency,
    items: [
      {
        item_type: 'SESSION_TYPE',
        user_session_type_id: type.session_type_id,
        description: depositLine(
          studio.locale,
          type.name,
          formatTimestampInZone(new Date(booking.starts_at), booking.client_time_zone),
        ),
        quantity: 1,
        price_with_tax: Number(amount),
        ...bookedLineTax(studio, type.vat_percentage),
      },
    ],
  });
  return linkBookingInvoice(sequelize, studio.org_id, bookingId, invoice.id);
}
