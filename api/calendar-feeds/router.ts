import { type RequestHandler, Router } from 'express';
import { calendarFeedsOf, calendarFeedText, rotateCalendarFeed } from '../../services/calendar/calendar-feeds';
import { type DataRouterDeps, registerRoutes, routesFor } from '../http/route-kit';
import { presentCalendarFeeds, presentRotatedFeed } from './presenter';
import { CalendarFeedParams, CalendarFeedsView, RotatedCalendarFeedView } from './schema';

export interface CalendarFeedsRouterDeps extends DataRouterDeps {
  /** APP_BASE_URL: the feeds' addresses start with it. */
  baseUrl: string;
  /** RATE_LIMIT_CALENDAR_FEED, counted per client address and feed address. */
  readLimit: RequestHandler;
}

const tag = 'calendar-feeds';
const route = routesFor<CalendarFeedsRouterDeps, CalendarFeedsRouterDeps>();

/** Every route of buildCalendarFeedsRouter, in the document's order. */
const CALENDAR_FEED_ROUTES = [
  route(
    {
      method: 'get',
      path: '/api/calendar-feeds',
      operationId: 'listCalendarFeeds',
      summary:
        "The calendar feeds the member may see: the studio's (owner, admin, assistant) and their own; whether each exists and when it was made and last read, never its address",
      tag,
      auth: 'user',
      response: CalendarFeedsView,
    },
    ({ sequelize }) =>
      async ({ user }) =>
        presentCalendarFeeds(await calendarFeedsOf(sequelize, user)),
  ),
  route(
    {
      method: 'post',
      path: '/api/calendar-feeds/studio/rotate',
      operationId: 'rotateStudioCalendarFeed',
      summary:
        "A new address for the studio's calendar feed (every session), made on the first call; the previous address answers 404 at once. The address is shown only in this answer",
      tag,
      auth: 'user',
      status: 201,
      response: RotatedCalendarFeedView,
    },
    ({ sequelize, baseUrl }) =>
      async ({ user }) =>
        presentRotatedFeed(await rotateCalendarFeed(sequelize, user, 'studio', baseUrl)),
  ),
  route(
    {
      method: 'post',
      path: '/api/calendar-feeds/me/rotate',
      operationId: 'rotateMyCalendarFeed',
      summary:
        "A new address for the member's own calendar feed (the sessions they are assigned to), made on the first call; the previous address answers 404 at once. The address is shown only in this answer",
      tag,
      auth: 'user',
      status: 201,
      response: RotatedCalendarFeedView,
    },
    ({ sequelize, baseUrl }) =>
      async ({ user }) =>
        presentRotatedFeed(await rotateCalendarFeed(sequelize, user, 'mine', baseUrl)),
  ),
  route(
    ({ readLimit }) => ({
      method: 'get',
      path: '/calendar/:token.ics',
      operationId: 'readCalendarFeed',
      summary:
        'A calendar feed (iCalendar, RFC 5545) for a calendar app to subscribe to: the sessions from 90 days back on, cancelled ones left out; no sign-in, the secret in the address is the key. An unknown or replaced address is a plain-text 404',
      tag,
      auth: 'none',
      before: [readLimit],
      params: CalendarFeedParams,
      produces: { contentType: 'text/calendar', description: 'The feed, text/calendar; charset=utf-8' },
    }),
    ({ sequelize, baseUrl }) =>
      async ({ params, res }) => {
        const text = await calendarFeedText(sequelize, params.token, { baseUrl, now: new Date() });
        if (text === null) {
          res.status(404).type('text/plain; charset=utf-8').send('No calendar feed at this address.\n');
          return;
        }
        // Express adds an ETag and answers 304 to a calendar app that sends it back.
        res
          .set('Cache-Control', 'private, max-age=300')
          .set('Content-Disposition', 'inline; filename="calendar.ics"')
          .type('text/calendar; charset=utf-8')
          .send(text);
      },
  ),
];

/**
 * /api/calendar-feeds: the addresses of the studio's and the member's calendar feeds; /calendar/…
 * .ics: a feed as a calendar app reads it (docs/booking.md, "Calendar feeds").
 */
export function buildCalendarFeedsRouter(deps: CalendarFeedsRouterDeps): Router {
  return registerRoutes(Router(), deps.kit, CALENDAR_FEED_ROUTES, deps, deps);
}
