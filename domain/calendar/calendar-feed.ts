import { type SessionStatus } from '../sessions/session-status';
import { type Calendar, type CalendarEvent } from './ical-writer';

/**
 * A studio's and its members' calendar feeds (issue 45 §3; docs/booking.md, "Calendar feeds"):
 * the sessions as calendar events, at a secret address a calendar app subscribes to.
 */

/** The sessions a feed holds: from this many days back, and every later one. */
export const FEED_PAST_DAYS = 90;
/** At most this many events in a feed (the earliest first). */
export const FEED_MAX_EVENTS = 5000;
/** A session with an end and no type duration lasts this long in a calendar. */
export const DEFAULT_EVENT_MINUTES = 60;

/** A feed: the studio's (every session) or a member's own (the sessions they are assigned to). */
export type FeedKind = 'studio' | 'member';

/** Whether a string may be a feed's secret at all (anything else is answered as unknown, unread). */
export const looksLikeFeedToken = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** The feed's address: what a calendar app subscribes to. */
export const feedUrl = (baseUrl: string, token: string) => `${baseUrl.replace(/\/+$/, '')}/calendar/${token}.ics`;

/** Where a feed starts at `now`. */
export const feedFrom = (now: Date) => new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000);

/** A session as a feed reads it. */
export interface FeedSession {
  id: string;
  title: string;
  status: SessionStatus;
  start_date: Date;
  end_date: Date | null;
  location: string | null;
  type_name: string | null;
  type_minutes: number | null;
  /** The client's name (the main contact's, erased ones left out); shown only if the studio allows. */
  client_name: string | null;
  updated_at: Date;
}

/** What a feed shows of its studio. */
export interface FeedStudio {
  name: string;
  timeZone: string | null;
  /** The studio's setting `calendar_feed_client_names`: the client's name in each event's summary. */
  clientNames: boolean;
}

const STATUS: Record<SessionStatus, CalendarEvent['status']> = {
  PENDING: 'TENTATIVE',
  VALIDATED: 'CONFIRMED',
  COMPLETED: 'CONFIRMED',
  CANCELLED: null,
};

/** Whether a session appears in a feed: a cancelled one leaves it. */
export const inFeed = (session: Pick<FeedSession, 'status'>) => session.status !== 'CANCELLED';

/**
 * An event's summary: the session's title and type; the client's name only when the studio's
 * setting allows it, and never their address.
 */
export function eventSummary(session: FeedSession, clientNames: boolean): string {
  const withType = session.type_name ? `${session.title} (${session.type_name})` : session.title;
  return clientNames && session.client_name ? `${withType} · ${session.client_name}` : withType;
}

/** A session as a calendar event; `host` makes its UID (`session-<id>@<host>`). */
export function sessionEvent(session: FeedSession, studio: FeedStudio, host: string): CalendarEvent {
  const minutes = session.type_minutes && session.type_minutes > 0 ? session.type_minutes : DEFAULT_EVENT_MINUTES;
  const end =
    session.end_date && session.end_date.getTime() > session.start_date.getTime()
      ? session.end_date
      : new Date(session.start_date.getTime() + minutes * 60_000);
  const description = [
    session.type_name ? `Type: ${session.type_name}` : null,
    `Status: ${session.status.toLowerCase()}`,
  ].filter((line): line is string => line !== null);
  return {
    uid: `session-${session.id}@${host}`,
    stamp: session.updated_at,
    start: session.start_date,
    end,
    summary: eventSummary(session, studio.clientNames),
    location: session.location,
    description: description.join('\n'),
    lastModified: session.updated_at,
    status: STATUS[session.status],
    // On the studio's clock, as its calendar shows it (a repeated hour in UTC).
    timeZone: studio.timeZone,
  };
}

/** The feed as a calendar: the studio's name, or the member's and the studio's. */
export function feedCalendar(
  sessions: readonly FeedSession[],
  studio: FeedStudio,
  feed: { kind: FeedKind; memberName: string | null; host: string },
): Calendar {
  return {
    productId: '-//Studio service//Calendar feed//EN',
    name: feed.kind === 'member' && feed.memberName ? `${studio.name} · ${feed.memberName}` : studio.name,
    timeZone: studio.timeZone,
    events: sessions.filter(inFeed).map((session) => sessionEvent(session, studio, feed.host)),
  };
}
