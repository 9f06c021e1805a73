import { Router } from 'express';
import {
  type CalendarConnectionDeps,
  calendarConnectionsOf,
  connectCalendar,
  disconnectCalendar,
  syncCalendarNow,
} from '../../services/calendar/calendar-connections';
import { type RouteKit, registerRoutes, routesFor } from '../http/route-kit';
import { presentCalendarConnection } from './presenter';
import {
  CalendarConnectionBody,
  CalendarConnectionParams,
  CalendarConnectionsView,
  CalendarSyncAccepted,
  ConnectedCalendarView,
} from './schema';

export interface CalendarConnectionsRouterDeps {
  kit: RouteKit;
  calendars: CalendarConnectionDeps;
}

const tag = 'calendar-connections';
const route = routesFor<CalendarConnectionsRouterDeps, CalendarConnectionsRouterDeps>();

/** Every route of buildCalendarConnectionsRouter, in the document's order. */
const CALENDAR_CONNECTION_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/calendar-connections',
      operationId: 'listCalendarConnections',
      summary: 'The CalDAV calendars the member connected: how each was last read, never its password',
      tag,
      auth: 'user',
      response: CalendarConnectionsView,
    },
    ({ calendars }) =>
      async ({ user }) => ({ items: (await calendarConnectionsOf(calendars, user)).map(presentCalendarConnection) }),
  ),
  route(
    {
      method: 'post',
      path: '/api/calendar-connections',
      operationId: 'connectCalendar',
      summary:
        "Connect the member's CalDAV calendar (iCloud, Fastmail, Nextcloud…): asked once now (400 `validation_failed` when the address or the password is refused), then its busy time hides booking slots and each confirmed booking of theirs is written into it",
      tag,
      auth: 'user',
      body: CalendarConnectionBody,
      errors: ['calendar_connected'],
      status: 201,
      response: ConnectedCalendarView,
    },
    ({ calendars }) =>
      async ({ user, body, req }) => {
        const connected = await connectCalendar(calendars, user, body, req.requestId);
        return { connection: presentCalendarConnection(connected.connection), jobRunId: connected.jobRunId };
      },
  ),
  route(
    {
      method: 'post',
      path: '/api/calendar-connections/:connectionId/sync',
      operationId: 'syncCalendarConnection',
      summary: 'Read the calendar again now (it is read every five minutes anyway)',
      tag,
      auth: 'user',
      params: CalendarConnectionParams,
      status: 202,
      response: CalendarSyncAccepted,
    },
    ({ calendars }) =>
      async ({ user, params, req }) =>
        syncCalendarNow(calendars, user, params.connectionId, req.requestId),
  ),
  route(
    {
      method: 'delete',
      path: '/api/calendar-connections/:connectionId',
      operationId: 'disconnectCalendar',
      summary:
        'Disconnect a calendar: its busy time no longer counts and its password is forgotten; events already written stay in it',
      tag,
      auth: 'user',
      params: CalendarConnectionParams,
      status: 204,
    },
    ({ calendars }) =>
      async ({ user, params }) => {
        await disconnectCalendar(calendars, user, params.connectionId);
      },
  ),
];

/** /api/calendar-connections: a member's CalDAV calendars (docs/booking.md, "CalDAV"). */
export function buildCalendarConnectionsRouter(deps: CalendarConnectionsRouterDeps): Router {
  return registerRoutes(Router(), deps.kit, CALENDAR_CONNECTION_ROUTES, deps, deps);
}
