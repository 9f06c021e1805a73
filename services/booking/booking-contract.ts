import { extendBookingHold } from '../../db/commands/booking-quote';
import { awaitStudio } from '../../db/commands/booking';
import { ensureContactClientAccount } from '../../db/commands/ensure-client-account';
import { type BookingRow, type BookingStudioRow, findBooking } from '../../db/queries/booking';
import { findClientQuote } from '../../db/queries/client-documents';
import { quoteVersion } from '../../domain/client-portal/quote-signing';
import { ConflictError, NotFoundError } from '../../domain/errors';
import {
  type ClientDocumentsDeps,
  clientLanguage,
  clientQuotePdfLink,
  quoteConsent,
  type SignRequest,
  signClientQuote,
} from '../client-portal/client-documents';
import { type BookedSlot, clientOf, confirmAndInvite, depositCheckout, type PublicBookingDeps } from './book-slot';
import { withClientBooking } from './booking-page';

/** What signing at booking needs: the booking's own deps and the client documents' (the quote's pdf, the signed copy). */
export type BookingContractDeps = PublicBookingDeps & ClientDocumentsDeps;

/** 409 `booking_closed`: the booking is no longer held for its client to sign. */
const notSignable = () =>
  new ConflictError('booking_closed', 'This booking is no longer waiting for a signature; book again');

/** A held booking's client account and its quote to sign, or 409 when there is nothing to sign now. */
async function signable(deps: BookingContractDeps, booking: BookingRow) {
  const held = booking.status === 'HELD' && (!booking.expires_at || new Date(booking.expires_at) > new Date());
  if (!held || !booking.quote_id || !booking.contact_id) throw notSignable();
  const account = await ensureContactClientAccount(deps.sequelize, booking.owner_id, booking.contact_id);
  if (!account) throw new NotFoundError('Booking');
  const quote = await findClientQuote(deps.sequelize, account, booking.quote_id);
  return { account, quote };
}

/** What the client reads and ticks before signing at booking: the quote's pdf, the consent text, the version read. */
export interface BookingContractView {
  quote_id: string;
  number: string | null;
  status: string;
  pdf_url: string;
  consent_text: string;
  version: string;
  signed_at: Date | null;
}

/** The contract of the booking a client's token names, or null when it has none (or it is no longer to sign). */
export async function bookingContractView(
  deps: BookingContractDeps,
  token: string,
  requestId?: string,
): Promise<{ booking: BookingRow; studio: BookingStudioRow; contract: BookingContractView | null }> {
  return withClientBooking(deps.sequelize, token, async ({ booking, studio }) => {
    const account =
      booking.contact_id && booking.quote_id
        ? await ensureContactClientAccount(deps.sequelize, booking.owner_id, booking.contact_id)
        : null;
    if (!account) return { booking, studio, contract: null };
    const quote = await findClientQuote(deps.sequelize, account, booking.quote_id!);
    const link = await clientQuotePdfLink(deps, quote, requestId);
    return {
      booking,
      studio,
      contract: {
        quote_id: quote.id,
        number: quote.number,
        status: quote.status,
        pdf_url: link.url,
        consent_text: quoteConsent(quote, await clientLanguage(deps, account), studio.time_zone),
        version: quoteVersion(quote),
        signed_at: quote.signed_at,
      },
    };
  });
}

/**
 * The client signs their booking's quote (issue 45 §2), as any client signs a quote (the exact
 * pdf kept, the evidence recorded, the signed copy mailed), then the booking goes on: to the
 * deposit's checkout (the hold restarted for the payment), to the studio when it confirms by hand,
 * else confirmed with its session and questionnaire. 409 `booking_closed` when the hold ended.
 */
export async function signBookingContract(
  deps: BookingContractDeps,
  token: string,
  request: SignRequest,
): Promise<Omit<BookedSlot, 'token'> & { studio: BookingStudioRow }> {
  const { sequelize } = deps;
  return withClientBooking(sequelize, token, async ({ booking, studio, type }) => {
    const { account, quote } = await signable(deps, booking);
    await signClientQuote(deps, account, quote.id, request);
    const client = clientOf(booking);
    let checkoutUrl: string | null = null;
    if (booking.deposit_amount_minor !== null && BigInt(booking.deposit_amount_minor) > 0n) {
      if (!(await extendBookingHold(sequelize, booking.owner_id, booking.id, type.hold_minutes))) throw notSignable();
      checkoutUrl = await depositCheckout(deps, studio, type, booking.id, BigInt(booking.deposit_amount_minor), {
        start: new Date(booking.starts_at),
        client,
      });
    } else if (type.requires_confirmation) await awaitStudio(sequelize, booking.owner_id, booking.id);
    else await confirmAndInvite(deps, studio, type, booking.id, client, request.requestId);
    const now = await findBooking(sequelize, booking.owner_id, booking.id);
    if (!now) throw new NotFoundError('Booking');
    return { booking: now, checkoutUrl, studio };
  });
}
