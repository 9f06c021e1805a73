import { z } from 'zod';

/** A feed as its holder sees it: when its address was made and last read by a calendar app; never its secret. */
const CalendarFeedView = z.object({
  created_at: z.string().describe('When the current address was made (the first one, or the last rotation)'),
  last_read_at: z.string().nullable().describe('When a calendar app last read it (to the minute); null: never'),
});

/** GET /api/calendar-feeds. */
export const CalendarFeedsView = z.object({
  studio: z
    .object({ feed: CalendarFeedView.nullable().describe('null: not made yet') })
    .nullable()
    .describe("The studio's feed (every session); null when the member's role may not see it"),
  mine: z
    .object({ feed: CalendarFeedView.nullable().describe('null: not made yet') })
    .describe("The member's own feed: the sessions they are assigned to"),
  client_names: z
    .boolean()
    .describe(
      "The studio's setting calendar_feed_client_names: the events name the client (PATCH /api/users/me/preferences)",
    ),
});

/** POST /api/calendar-feeds/.../rotate: the new address, shown this once. */
export const RotatedCalendarFeedView = z.object({
  url: z.string().describe('The feed’s address, with its secret: shown only now; the previous one answers 404'),
  created_at: z.string(),
});

/** GET /calendar/{token}.ics: anything may be asked; what is not a feed's secret is a plain 404. */
export const CalendarFeedParams = z.object({ token: z.string().max(200) });
