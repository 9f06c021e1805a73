import {
  calendarMultiGet,
  calendarQuery,
  createObject,
  DAVNamespaceShort,
  deleteObject,
  getBasicAuthHeaders,
  propfind,
  updateObject,
} from 'tsdav';

/** A member's CalDAV calendar: its collection's address and the account that reads and writes it. */
export interface CalDavAccount {
  url: string;
  username: string;
  password: string;
}

/** A calendar object as fetched: its address (absolute), its etag and its iCalendar text. */
export interface CalDavObject {
  href: string;
  etag: string;
  data: string;
}

/** What the service does with a CalDAV calendar (tsdav underneath). */
export interface CalDavCalendar {
  /** The collection's ctag (or sync token): it changes whenever anything in it does. */
  ctag(): Promise<string | null>;
  /** The events with time in the window, by address, with their etags (no data). */
  list(window: { from: Date; to: Date }): Promise<Map<string, string>>;
  fetch(hrefs: readonly string[]): Promise<CalDavObject[]>;
  /** Writes an event as `name` (a file name, or the address of an event written before, replaced). */
  put(name: string, ics: string, etag: string | null): Promise<{ href: string; etag: string | null }>;
  /** Removes an event; one already gone is fine. */
  remove(href: string, etag: string | null): Promise<void>;
}

/** The calendar answered with a refusal or an error: its status and what it said, for the member. */
export class CalDavError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Each request's longest wait: a calendar that hangs is an outage, tried again later. */
const TIMEOUT_MS = 20_000;

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
/** iCalendar's UTC form of a time-range bound: 20261129T093000Z. */
const icalUtc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

function refusal(status: number, what: string): CalDavError {
  const why =
    status === 401 || status === 403
      ? 'refused the user name and password'
      : status === 404
        ? 'has no calendar at this address'
        : `answered ${status}`;
  return new CalDavError(status, `The calendar ${why} (${what})`);
}

/** What every request to one calendar carries: its address (with a final slash) and the authorization. */
interface Target {
  url: string;
  headers: Record<string, string>;
}

const deadline = () => ({ signal: AbortSignal.timeout(TIMEOUT_MS) });
const absolute = (target: Target, href: string) => new URL(href, target.url).href;
/** A multistatus of one response that is a refusal (401, 404 of the collection…) is the calendar's. */
function refusedWhole(responses: { status: number; ok: boolean }[], what: string): void {
  const [only] = responses;
  if (responses.length === 1 && only && !only.ok && only.status !== 404) throw refusal(only.status, what);
}

async function readCtag(target: Target): Promise<string | null> {
  const [collection] = await propfind({
    url: target.url,
    props: {
      [`${DAVNamespaceShort.CALENDAR_SERVER}:getctag`]: {},
      [`${DAVNamespaceShort.DAV}:sync-token`]: {},
      [`${DAVNamespaceShort.DAV}:resourcetype`]: {},
    },
    depth: '0',
    headers: target.headers,
    fetchOptions: deadline(),
  });
  if (!collection || !collection.ok) throw refusal(collection?.status ?? 502, 'reading the calendar');
  if (!/calendar/i.test(JSON.stringify(collection.props?.resourcetype ?? {})))
    throw new CalDavError(422, 'The address is not a calendar (a CalDAV calendar collection is needed)');
  const tag = (collection.props?.getctag ?? collection.props?.syncToken) as unknown;
  return tag === undefined || tag === null ? null : String(tag);
}

async function listEvents(target: Target, { from, to }: { from: Date; to: Date }): Promise<Map<string, string>> {
  const responses = await calendarQuery({
    url: target.url,
    props: { [`${DAVNamespaceShort.DAV}:getetag`]: {} },
    filters: {
      'comp-filter': {
        _attributes: { name: 'VCALENDAR' },
        'comp-filter': {
          _attributes: { name: 'VEVENT' },
          'time-range': { _attributes: { start: icalUtc(from), end: icalUtc(to) } },
        },
      },
    },
    depth: '1',
    headers: target.headers,
    fetchOptions: deadline(),
  });
  refusedWhole(responses, 'listing the events');
  const self = new URL(target.url).pathname;
  const listed = new Map<string, string>();
  for (const r of responses)
    if (r.ok && r.href && r.href !== self) listed.set(absolute(target, r.href), String(r.props?.getetag ?? ''));
  return listed;
}

async function fetchEvents(target: Target, hrefs: readonly string[]): Promise<CalDavObject[]> {
  if (!hrefs.length) return [];
  const responses = await calendarMultiGet({
    url: target.url,
    props: { [`${DAVNamespaceShort.DAV}:getetag`]: {}, [`${DAVNamespaceShort.CALDAV}:calendar-data`]: {} },
    objectUrls: hrefs.map((h) => new URL(h).pathname),
    depth: '1',
    headers: target.headers,
    fetchOptions: deadline(),
  });
  refusedWhole(responses, 'reading the events');
  return responses
    .filter((r) => r.ok && r.href)
    .map((r) => {
      const data = (r.props?.calendarData?._cdata ?? r.props?.calendarData) as unknown;
      return { href: absolute(target, r.href!), etag: String(r.props?.getetag ?? ''), data: String(data ?? '') };
    });
}

async function putEvent(
  target: Target,
  name: string,
  ics: string,
  etag: string | null,
): Promise<{ href: string; etag: string | null }> {
  const url = absolute(target, name);
  const headers = { ...target.headers, 'content-type': 'text/calendar; charset=utf-8' };
  const response = etag
    ? await updateObject({ url, data: ics, etag, headers, fetchOptions: deadline() })
    : await createObject({ url, data: ics, headers, fetchOptions: deadline() });
  if (response.ok) return { href: url, etag: response.headers.get('etag') };
  // The event changed (or went) in the calendar since it was written: written again whole.
  if (etag && (response.status === 412 || response.status === 404)) return putEvent(target, name, ics, null);
  throw refusal(response.status, 'writing the event');
}

async function removeEvent(target: Target, href: string, etag: string | null): Promise<void> {
  const response = await deleteObject({
    url: absolute(target, href),
    ...(etag ? { etag } : {}),
    headers: target.headers,
    fetchOptions: deadline(),
  });
  if (response.ok || response.status === 404 || response.status === 410) return;
  // Changed in the calendar since: removed whatever its version.
  if (etag && response.status === 412) return removeEvent(target, href, null);
  throw refusal(response.status, 'removing the event');
}

/** The calendar of `account`, each request with basic authentication and a deadline. */
export function openCalDavCalendar(account: CalDavAccount): CalDavCalendar {
  const target: Target = {
    url: withSlash(account.url),
    headers: getBasicAuthHeaders({ username: account.username, password: account.password }) as Record<string, string>,
  };
  return {
    ctag: () => readCtag(target),
    list: (window) => listEvents(target, window),
    fetch: (hrefs) => fetchEvents(target, hrefs),
    put: (name, ics, etag) => putEvent(target, name, ics, etag),
    remove: (href, etag) => removeEvent(target, href, etag),
  };
}
