import { type Client } from '@temporalio/client';
import { Router } from 'express';
import { type Logger } from 'pino';
import { assignedScope } from '../../domain/teams/assignments';
import {
  confirmPendingBooking,
  endStudioBooking,
  memberSchedule,
  setMemberSchedule,
  setTypeBooking,
  studioBooking,
  studioBookings,
  typeBooking,
} from '../../services/booking/studio-booking';
import { IdParams } from '../http/common-schemas';
import { type DataRouterDeps, registerRoutes, routesFor } from '../http/route-kit';
import { presentBooking, presentBookingSettings, presentSchedule } from './presenter';
import {
  BookingList,
  BookingListQuery,
  BookingSettingsBody,
  BookingSettingsView,
  BookingView,
  MemberParams,
  ScheduleBody,
  ScheduleView,
} from './schema';

export interface BookingRouterDeps extends DataRouterDeps {
  temporal: Client;
  logger: Logger;
}

const tag = 'booking';
const route = routesFor<BookingRouterDeps, BookingRouterDeps>();

/** POST /api/bookings/{id}/{verb}: the studio ends a booking (declined or cancelled). */
function endRoute(verb: string, operationId: string, summary: string, to: 'DECLINED' | 'CANCELLED') {
  return route(
    {
      method: 'post',
      path: `/api/bookings/:id/${verb}`,
      operationId,
      summary,
      tag,
      auth: 'user',
      params: IdParams,
      response: BookingView,
      errors: ['booking_closed'],
    },
    ({ sequelize }) =>
      async ({ user, params, req }) =>
        presentBooking(await endStudioBooking(sequelize, user.orgId, params.id, to, req.requestId)),
  );
}

/** The studio's side of booking (issue 45 §1): availability, a session type's settings, the bookings made. */
const BOOKING_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/users/me/availability',
      operationId: 'getMyAvailability',
      summary: 'The signed-in member’s weekly hours and date overrides (empty until set)',
      tag,
      auth: 'user',
      response: ScheduleView,
    },
    ({ sequelize }) =>
      async ({ user }) =>
        presentSchedule(await memberSchedule(sequelize, user.orgId, user.id)),
  ),
  route(
    {
      method: 'put',
      path: '/api/users/me/availability',
      operationId: 'setMyAvailability',
      summary: 'Set the signed-in member’s weekly hours and date overrides (a day off is an override without hours)',
      tag,
      auth: 'user',
      body: ScheduleBody,
      response: ScheduleView,
    },
    ({ sequelize }) =>
      async ({ user, body }) =>
        presentSchedule(await setMemberSchedule(sequelize, user.orgId, user.id, body)),
  ),
  route(
    {
      method: 'get',
      path: '/api/team/members/:userId/availability',
      operationId: 'getMemberAvailability',
      summary: 'A member’s weekly hours and date overrides',
      tag,
      auth: 'user',
      params: MemberParams,
      response: ScheduleView,
    },
    ({ sequelize }) =>
      async ({ user, params }) =>
        presentSchedule(await memberSchedule(sequelize, user.orgId, params.userId)),
  ),
  route(
    {
      method: 'put',
      path: '/api/team/members/:userId/availability',
      operationId: 'setMemberAvailability',
      summary: 'Set a member’s weekly hours and date overrides',
      tag,
      auth: 'user',
      params: MemberParams,
      body: ScheduleBody,
      response: ScheduleView,
    },
    ({ sequelize }) =>
      async ({ user, params, body }) =>
        presentSchedule(await setMemberSchedule(sequelize, user.orgId, params.userId, body)),
  ),
  route(
    {
      method: 'get',
      path: '/api/session-types/:id/booking',
      operationId: 'getSessionTypeBooking',
      summary: 'A session type’s booking settings (404 until set)',
      tag,
      auth: 'user',
      params: IdParams,
      response: BookingSettingsView,
    },
    ({ sequelize }) =>
      async ({ user, params }) =>
        presentBookingSettings(await typeBooking(sequelize, user.orgId, params.id)),
  ),
  route(
    {
      method: 'put',
      path: '/api/session-types/:id/booking',
      operationId: 'setSessionTypeBooking',
      summary:
        'Set a session type’s booking settings: duration, buffers, increment, notice, window, limits, location, deposit, members, confirmation by hand',
      tag,
      auth: 'user',
      params: IdParams,
      body: BookingSettingsBody,
      response: BookingSettingsView,
    },
    ({ sequelize }) =>
      async ({ user, params, body }) =>
        presentBookingSettings(
          await setTypeBooking(sequelize, user.orgId, params.id, {
            ...body,
            deposit_amount_minor: body.deposit_amount_minor === null ? null : String(body.deposit_amount_minor),
            deposit_percentage: body.deposit_percentage === null ? null : body.deposit_percentage.toFixed(2),
          }),
        ),
  ),
  route(
    {
      method: 'get',
      path: '/api/bookings',
      operationId: 'listBookings',
      summary: 'The bookings clients made, starting between from and to (a photographer: their own)',
      tag,
      auth: 'user',
      query: BookingListQuery,
      response: BookingList,
    },
    ({ sequelize }) =>
      async ({ user, query }) => {
        const memberId = assignedScope(user.role, user.id) ?? undefined;
        const items = await studioBookings(sequelize, user.orgId, { ...query, ...(memberId ? { memberId } : {}) });
        return { items: items.map(presentBooking) };
      },
  ),
  route(
    {
      method: 'get',
      path: '/api/bookings/:id',
      operationId: 'getBooking',
      summary: 'One booking',
      tag,
      auth: 'user',
      params: IdParams,
      response: BookingView,
    },
    ({ sequelize }) =>
      async ({ user, params }) =>
        presentBooking(await studioBooking(sequelize, user.orgId, params.id)),
  ),
  route(
    {
      method: 'post',
      path: '/api/bookings/:id/confirm',
      operationId: 'confirmBooking',
      summary:
        'Confirm a booking awaiting the studio: its contact, session and questionnaire are made as for a booking confirmed at once',
      tag,
      auth: 'user',
      params: IdParams,
      response: BookingView,
      errors: ['booking_closed'],
    },
    (deps) =>
      async ({ user, params, req }) =>
        presentBooking(await confirmPendingBooking(deps, user.orgId, params.id, req.requestId)),
  ),
  endRoute('decline', 'declineBooking', 'Decline a booking awaiting the studio: its time is free again', 'DECLINED'),
  endRoute(
    'cancel',
    'cancelBooking',
    'Cancel a booking (its session is cancelled with it): its time is free again',
    'CANCELLED',
  ),
];

export function buildBookingRouter(deps: BookingRouterDeps): Router {
  const router = Router();
  registerRoutes(router, deps.kit, BOOKING_ROUTES, deps, deps);
  return router;
}
