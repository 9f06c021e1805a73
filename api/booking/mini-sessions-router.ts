import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import {
  bookMiniSlot,
  createMiniSession,
  joinMiniWaitlist,
  listMiniSessions,
  miniSessionPage,
} from '../../services/booking/mini-sessions';
import { type PublicBookingDeps } from '../../services/booking/book-slot';
import { type MiniSessionEventRow } from '../../db/queries/mini-sessions';
import { timeZoneName } from '../http/common-schemas';
import { registerRoutes, type RouteKit, routesFor } from '../http/route-kit';
import { formatTimestampInZone } from '../../domain/wall-clock';
import { miniSessionSlots } from '../../domain/booking/mini-sessions';
import { presentHeld } from './presenter';
import { BOOKING_EXCHANGE, HoldBody, SlugParams } from './schema';

export interface MiniSessionsRouterDeps extends PublicBookingDeps {
  kit: RouteKit;
  bookLimit: RequestHandler;
}

const tag = 'booking';
const route = routesFor<MiniSessionsRouterDeps, MiniSessionsRouterDeps>();
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a time HH:MM');

const MiniSessionBody = z
  .object({
    name: z.string().trim().min(1).max(255),
    session_type_id: z.uuid(),
    member_id: z.uuid(),
    day: z.iso.date(),
    time_zone: timeZoneName,
    start_time: hhmm,
    slot_minutes: z.number().int().min(5).max(240),
    gap_minutes: z.number().int().min(0).max(240).default(0),
    breaks: z
      .array(z.object({ start: hhmm, end: hhmm }).strict())
      .max(10)
      .default([]),
    spots: z.number().int().min(1).max(100),
  })
  .strict();

const SlotView = z.object({ start: z.string(), end: z.string(), local: z.string().describe('On the day’s clock') });

const MiniSessionView = z.object({
  id: z.uuid(),
  name: z.string(),
  session_type_id: z.uuid(),
  member_id: z.uuid(),
  day: z.string(),
  time_zone: z.string(),
  start_time: z.string(),
  slot_minutes: z.number().int(),
  gap_minutes: z.number().int(),
  breaks: z.array(z.object({ start: z.string(), end: z.string() })),
  spots: z.number().int(),
  slots: z.array(SlotView),
  booked: z.number().int().describe('Its bookings that keep their time: held, awaiting the studio, confirmed'),
  waitlisted: z.number().int(),
});

const MiniSessionsQuery = z
  .object({ from: z.iso.date().optional().describe("The first day listed; default the studio's today") })
  .strict();

const PublicMiniSessionView = z.object({
  name: z.string(),
  day: z.string(),
  time_zone: z.string(),
  slots: z.array(SlotView.extend({ free: z.boolean() })),
  full: z.boolean().describe('No slot is free: the client may join the waitlist'),
});

const MiniParams = SlugParams.extend({ id: z.uuid({ message: 'must be a uuid' }) });

const WaitlistBody = HoldBody.pick({ name: true, email: true, phone: true, time_zone: true });

const slotView = (s: { start: Date; end: Date }, zone: string) => ({
  start: s.start.toISOString(),
  end: s.end.toISOString(),
  local: formatTimestampInZone(s.start, zone),
});

/** A day as the studio reads it: its plan, its slots on its own clock, how many are booked and waiting. */
const presentMiniSession = (event: MiniSessionEventRow) => ({
  ...event,
  slots: miniSessionSlots(event).map((s) => slotView(s, event.time_zone)),
});

/** Mini-session days (issue 45 §1): the studio plans one; clients see its slots, book one, or join its waitlist. */
const MINI_SESSION_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/mini-sessions',
      operationId: 'listMiniSessions',
      summary:
        "The studio's mini-session days from a day on (default today), soonest first, with their bookings and waitlists",
      tag,
      auth: 'user',
      query: MiniSessionsQuery,
      response: z.object({ items: z.array(MiniSessionView) }),
    },
    ({ sequelize }) =>
      async ({ user, query }) => ({
        items: (await listMiniSessions(sequelize, user.orgId, query.from)).map(presentMiniSession),
      }),
  ),
  route(
    {
      method: 'post',
      path: '/api/mini-sessions',
      operationId: 'createMiniSession',
      summary:
        'Plan a mini-session day of a bookable session type with one member: slots from a start, of a length, a gap apart, around breaks, up to a number of spots',
      tag,
      auth: 'user',
      body: MiniSessionBody,
      response: MiniSessionView,
      status: 201,
    },
    ({ sequelize }) =>
      async ({ user, body }) => {
        return presentMiniSession(await createMiniSession(sequelize, user.orgId, body));
      },
  ),
  route(
    {
      method: 'get',
      path: '/api/book/:slug/mini-sessions/:id',
      operationId: 'getMiniSessionPage',
      summary: 'A mini-session day on the studio’s public booking: its slots, which are free, whether it is full',
      tag,
      auth: 'none',
      params: MiniParams,
      response: PublicMiniSessionView,
    },
    ({ sequelize }) =>
      async ({ params }) => {
        const { event, slots, free, timeZone } = await miniSessionPage(sequelize, params.slug, params.id);
        const open = new Set(free.map((s) => s.start.getTime()));
        return {
          name: event.name,
          day: event.day,
          time_zone: timeZone,
          slots: slots.map((s) => ({ ...slotView(s, timeZone), free: open.has(s.start.getTime()) })),
          full: free.length === 0,
        };
      },
  ),
  route(
    ({ bookLimit }) => ({
      method: 'post',
      path: '/api/book/:slug/mini-sessions/:id/bookings',
      operationId: 'bookMiniSlot',
      summary: 'Book a free slot of a mini-session day, as any booking; 409 slot_taken with the slots still free',
      tag,
      before: [bookLimit],
      params: MiniParams,
      ...BOOKING_EXCHANGE,
    }),
    (deps) =>
      async ({ params, body, req }) => {
        const { start, ...client } = body;
        const ask = { start, client, acceptLanguage: req.get('accept-language') };
        return presentHeld(await bookMiniSlot(deps, params.slug, params.id, ask, req.requestId));
      },
  ),
  route(
    ({ bookLimit }) => ({
      method: 'post',
      path: '/api/book/:slug/mini-sessions/:id/waitlist',
      operationId: 'joinMiniSessionWaitlist',
      summary:
        'Join a mini-session day’s waitlist: a freed spot is offered to the next client on it (first to book wins)',
      tag,
      auth: 'none',
      before: [bookLimit],
      params: MiniParams,
      body: WaitlistBody,
      response: z.object({ joined: z.literal(true) }),
      status: 201,
    }),
    ({ sequelize }) =>
      async ({ params, body, req }) => {
        await joinMiniWaitlist(sequelize, params.slug, params.id, body, req.requestId);
        return { joined: true as const };
      },
  ),
];

export function buildMiniSessionsRouter(deps: MiniSessionsRouterDeps): Router {
  return registerRoutes(Router(), deps.kit, MINI_SESSION_ROUTES, deps, deps);
}
