import { offerBookingQuote } from '../../db/commands/booking-quote';
import { saveDocument } from '../../db/commands/save-document';
import { type BookingStudioRow, type BookingTypeRow, findBooking } from '../../db/queries/booking';
import { localDate } from '../../domain/booking/local-time';
import { NotFoundError } from '../../domain/errors';
import { studioCurrency } from '../../domain/money/document-currency';
import { formatTimestampInZone } from '../../domain/wall-clock';
import { type Sequelize } from 'sequelize-typescript';
import { bookedLineTax } from '../../domain/booking/booked-line-tax';

/**
 * The quote a held booking of a type with a contract asks its client to sign (issue 45 §2): the
 * contact's quote of the type at its price, with the type's contract, valid until the shoot's day
 * (the studio's calendar), numbered and SENT, and linked to the booking.
 */
export async function offerBookingContract(
  deps: { sequelize: Sequelize },
  studio: BookingStudioRow,
  type: BookingTypeRow,
  bookingId: string,
  requestId?: string,
): Promise<void> {
  const { sequelize } = deps;
  const booking = await findBooking(sequelize, studio.org_id, bookingId);
  if (!booking) throw new NotFoundError('Booking');
  const start = new Date(booking.starts_at);
  const quote = await saveDocument(
    sequelize,
    'quote',
    studio.org_id,
    null,
    {
      title: type.name,
      contact_id: booking.contact_id,
      currency: studioCurrency(studio),
      valid_until: localDate(start, studio.time_zone),
      contract: type.contract,
      items: [
        {
          item_type: 'SESSION_TYPE',
          user_session_type_id: type.session_type_id,
          description: `${type.name}, ${formatTimestampInZone(start, booking.client_time_zone)}`,
          quantity: 1,
          price_with_tax: Number(type.price),
          ...bookedLineTax(studio, type.vat_percentage),
        },
      ],
    },
    requestId,
  );
  await offerBookingQuote(sequelize, studio.org_id, bookingId, quote.id, requestId);
}
