import { type RequestHandler, Router } from 'express';
import { bookSlot } from '../../services/booking/book-slot';
import { bookingPage, publicSlots } from '../../services/booking/booking-page';
import { cancelClientBooking, rescheduleClientBooking } from '../../services/booking/client-changes';
import {
  type BookingContractDeps,
  bookingContractView,
  signBookingContract,
} from '../../services/booking/booking-contract';
import { SignBody, signRequestOf } from '../client/sign-body';
import { registerRoutes, type RouteKit, routesFor } from '../http/route-kit';
import { presentClientBooking, presentHeld, presentPublicType, presentSlots } from './presenter';
import {
  BOOKING_EXCHANGE,
  ClientBookingView,
  ClientBookingWithContractView,
  RescheduleBody,
  SignedBookingView,
  PublicStudioView,
  SlotsQuery,
  SlotsView,
  SlugParams,
  SlugTypeParams,
  TokenParams,
} from './schema';

export interface PublicBookingRouterDeps extends BookingContractDeps {
  kit: RouteKit;
  /** RATE_LIMIT_BOOKING, per client address and studio. */
  bookLimit: RequestHandler;
}

const tag = 'booking';
const route = routesFor<PublicBookingRouterDeps, PublicBookingRouterDeps>();

/**
 * A studio's public booking (issue 45 §2), found by its tenant slug, without an account: the
 * session types open to booking, their free slots in the client's zone, a booking, and the
 * client's view of it by the secret token the booking answered.
 */
const PUBLIC_BOOKING_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/book/:slug',
      operationId: 'getBookingPage',
      summary: 'A studio’s public booking page: its name, time zone and the session types clients may book',
      tag,
      auth: 'none',
      params: SlugParams,
      response: PublicStudioView,
    },
    ({ sequelize }) =>
      async ({ params }) => {
        const { studio, types } = await bookingPage(sequelize, params.slug);
        return {
          name: studio.name,
          time_zone: studio.time_zone,
          session_types: types.map((t) => presentPublicType(studio, t)),
        };
      },
  ),
  route(
    {
      method: 'get',
      path: '/api/book/:slug/session-types/:sessionTypeId/slots',
      operationId: 'listFreeSlots',
      summary:
        'The free slots of a session type starting between from and to (six weeks at most), on the client’s clock',
      tag,
      auth: 'none',
      params: SlugTypeParams,
      query: SlotsQuery,
      response: SlotsView,
    },
    ({ sequelize }) =>
      async ({ params, query }) => {
        const { studio, slots } = await publicSlots(sequelize, params.slug, params.sessionTypeId, query);
        return presentSlots(slots, query.time_zone ?? studio.time_zone, studio.time_zone);
      },
  ),
  route(
    ({ bookLimit }) => ({
      method: 'post',
      path: '/api/book/:slug/session-types/:sessionTypeId/bookings',
      operationId: 'bookSlot',
      summary:
        'Book a free slot: confirmed at once, awaiting the studio (PENDING), or held while the deposit is paid (HELD); 409 slot_taken with other slots when another client took it first',
      tag,
      before: [bookLimit],
      params: SlugTypeParams,
      ...BOOKING_EXCHANGE,
    }),
    (deps) =>
      async ({ params, body, req }) => {
        const { start, ...client } = body;
        const ask = { start, client, acceptLanguage: req.get('accept-language') };
        return presentHeld(await bookSlot(deps, params.slug, params.sessionTypeId, ask, req.requestId));
      },
  ),
  route(
    {
      method: 'get',
      path: '/api/book/bookings/:token',
      operationId: 'getClientBooking',
      summary: 'A client’s booking, by the secret token its booking answered, with the quote it asks them to sign',
      tag,
      auth: 'none',
      params: TokenParams,
      response: ClientBookingWithContractView,
      errors: ['pdf_renderer_unavailable', 'unavailable'],
    },
    (deps) =>
      async ({ params, req }) => {
        const { booking, contract } = await bookingContractView(deps, params.token, req.requestId);
        return {
          ...presentClientBooking(booking),
          contract: contract && { ...contract, signed_at: contract.signed_at?.toISOString() ?? null },
        };
      },
  ),
  route(
    ({ bookLimit }) => ({
      method: 'post',
      path: '/api/book/bookings/:token/sign',
      operationId: 'signClientBooking',
      summary:
        'The client signs the quote their booking asks (a type with a contract) while the slot is held: then pays the deposit (checkout_url), or the booking waits for the studio or is confirmed',
      tag,
      auth: 'none',
      before: [bookLimit],
      params: TokenParams,
      body: SignBody,
      response: SignedBookingView,
      errors: ['booking_closed', 'quote_signed', 'quote_accepted', 'quote_declined', 'quote_expired', 'quote_changed'],
    }),
    (deps) =>
      async ({ params, body, req }) => {
        const signed = await signBookingContract(deps, params.token, signRequestOf(req, body));
        return { booking: presentClientBooking(signed.booking), checkout_url: signed.checkoutUrl };
      },
  ),
  route(
    {
      method: 'post',
      path: '/api/book/bookings/:token/cancel',
      operationId: 'cancelClientBooking',
      summary:
        'The client cancels their booking, until the type’s notice before it starts (409 booking_closed after); a deposit paid stays the studio’s',
      tag,
      auth: 'none',
      params: TokenParams,
      response: ClientBookingView,
      errors: ['booking_closed'],
    },
    ({ sequelize }) =>
      async ({ params, req }) =>
        presentClientBooking(await cancelClientBooking(sequelize, params.token, req.requestId)),
  ),
  route(
    {
      method: 'post',
      path: '/api/book/bookings/:token/reschedule',
      operationId: 'rescheduleClientBooking',
      summary:
        'The client moves their booking to another free slot of its type, until the type’s notice before it starts; 409 slot_taken with other slots, or booking_closed',
      tag,
      auth: 'none',
      params: TokenParams,
      body: RescheduleBody,
      response: ClientBookingView,
      errors: ['booking_closed', 'slot_taken'],
    },
    ({ sequelize }) =>
      async ({ params, body, req }) =>
        presentClientBooking(await rescheduleClientBooking(sequelize, params.token, body.start, req.requestId)),
  ),
];

export function buildPublicBookingRouter(deps: PublicBookingRouterDeps): Router {
  return registerRoutes(Router(), deps.kit, PUBLIC_BOOKING_ROUTES, deps, deps);
}
