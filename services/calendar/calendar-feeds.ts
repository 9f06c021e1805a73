import { type Sequelize } from 'sequelize-typescript';
import { hashToken, newSecretToken } from '../../domain/secret-token';
import { recordCalendarFeedRead, saveCalendarFeedHash } from '../../db/commands/calendar-feeds';
import {
  type CalendarFeedRow,
  findCalendarFeedByHash,
  findCalendarFeeds,
  readFeedContent,
} from '../../db/queries/calendar-feeds';
import { asPlatform, asStudio } from '../../db/studio-context';
import {
  FEED_MAX_EVENTS,
  feedCalendar,
  feedFrom,
  feedUrl,
  looksLikeFeedToken,
} from '../../domain/calendar/calendar-feed';
import { writeCalendar } from '../../domain/calendar/ical-writer';
import { mayDo } from '../../domain/teams/permissions';
import { type MemberRole } from '../../domain/teams/roles';

/**
 * Calendar feeds (issue 45 §3; docs/booking.md, "Calendar feeds"): the studio's and each member's,
 * at an address whose secret is shown once, when it is made.
 */

interface Member {
  id: string;
  orgId: string;
  role: MemberRole;
}

/** What a member sees of the feeds: the studio's (null when their role may not see it) and their own. */
export interface CalendarFeedsOverview {
  studio: { feed: CalendarFeedRow | null } | null;
  mine: { feed: CalendarFeedRow | null };
  client_names: boolean;
}

/** The feeds the member may see: whether each exists, when it was made and last read. */
export async function calendarFeedsOf(sequelize: Sequelize, member: Member): Promise<CalendarFeedsOverview> {
  const found = await findCalendarFeeds(sequelize, member.orgId, member.id);
  return {
    studio: mayDo(member.role, 'calendar_feeds.studio') ? { feed: found.studio } : null,
    mine: { feed: found.mine },
    client_names: found.client_names,
  };
}

/**
 * A new address for the studio's feed (`whose` 'studio', a role holding `calendar_feeds.studio`:
 * the route checks it) or the member's own: made on the first call, replaced afterwards (the old
 * address answers 404 at once). The address is answered here only; its secret is not kept.
 */
export async function rotateCalendarFeed(
  sequelize: Sequelize,
  member: Member,
  whose: 'studio' | 'mine',
  baseUrl: string,
): Promise<{ url: string; created_at: Date }> {
  const { token, hash } = newSecretToken();
  const saved = await saveCalendarFeedHash(sequelize, member.orgId, whose === 'studio' ? null : member.id, hash);
  return { url: feedUrl(baseUrl, token), created_at: saved.created_at };
}

/**
 * The iCalendar text of the feed whose secret is `token`, or null for no such feed. The feed is
 * found as the platform (nothing but the secret tells its studio), then its sessions are read as
 * its studio, so the database itself keeps any other studio's rows out.
 */
export async function calendarFeedText(
  sequelize: Sequelize,
  token: string,
  options: { baseUrl: string; now: Date },
): Promise<string | null> {
  if (!looksLikeFeedToken(token)) return null;
  const feed = await asPlatform(() => findCalendarFeedByHash(sequelize, hashToken(token)));
  if (!feed) return null;
  return asStudio(feed.owner_id, async () => {
    const content = await readFeedContent(sequelize, {
      ownerId: feed.owner_id,
      memberId: feed.user_id,
      from: feedFrom(options.now),
      limit: FEED_MAX_EVENTS,
    });
    if (!content) return null;
    await recordCalendarFeedRead(sequelize, feed.id);
    const studio = { name: content.studio_name, timeZone: content.time_zone, clientNames: content.client_names };
    return writeCalendar(
      feedCalendar(content.sessions, studio, {
        kind: feed.user_id ? 'member' : 'studio',
        memberName: content.member_name,
        host: new URL(options.baseUrl).hostname,
      }),
    );
  });
}
