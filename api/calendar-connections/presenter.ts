import { type CalendarConnectionRow } from '../../db/queries/calendar-connections';

/** A connected calendar, without its password. */
export const presentCalendarConnection = (c: CalendarConnectionRow) => ({
  id: c.id,
  url: c.url,
  username: c.username,
  busy_times: c.busy_count,
  last_synced_at: c.last_synced_at?.toISOString() ?? null,
  last_error: c.last_error,
  last_error_at: c.last_error_at?.toISOString() ?? null,
  created_at: c.created_at.toISOString(),
});
