import { type CalendarFeedRow } from '../../db/queries/calendar-feeds';
import { type CalendarFeedsOverview } from '../../services/calendar/calendar-feeds';

const presentFeed = (feed: CalendarFeedRow | null) =>
  feed && { created_at: feed.created_at.toISOString(), last_read_at: feed.last_read_at?.toISOString() ?? null };

/** The feeds a member may see, without their secrets. */
export const presentCalendarFeeds = (overview: CalendarFeedsOverview) => ({
  studio: overview.studio && { feed: presentFeed(overview.studio.feed) },
  mine: { feed: presentFeed(overview.mine.feed) },
  client_names: overview.client_names,
});

/** A new address, answered once. */
export const presentRotatedFeed = (rotated: { url: string; created_at: Date }) => ({
  url: rotated.url,
  created_at: rotated.created_at.toISOString(),
});
