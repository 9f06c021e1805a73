import type ICALModule from 'ical.js' with { 'resolution-mode': 'import' };
import { zonedInstant } from '../booking/local-time';
import { ianaTimeZone } from '../time-zone';

/** A stretch of time an external calendar holds busy, as instants. */
export interface BusySpan {
  start: Date;
  end: Date;
}

/** What busyTimesOf reads: the calendar objects' window, and the zone of times that name none. */
export interface BusyWindow {
  from: Date;
  to: Date;
  /** The member's zone: a floating time or an all-day event is read in it. */
  zone: string;
}

/** More occurrences than any calendar keeps in a window: a runaway rule stops here. */
const MAX_OCCURRENCES = 5_000;

const pad = (n: number) => String(n).padStart(2, '0');

// ical.js is an ES module with a CommonJS build for `require` (its package's "require" export).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ICAL = require('ical.js') as typeof ICALModule;
type Time = ICALModule.Time;
type Component = ICALModule.Component;
type IcalEvent = ICALModule.Event;

/** The TZID a time property names, which ical.js forgets when no VTIMEZONE defines it. */
const tzidOf = (component: Component, property: string): string | null => {
  const value = component.getFirstProperty(property)?.getParameter('tzid');
  return typeof value === 'string' ? value : null;
};

/**
 * The instant of a time as its own calendar reads it: UTC; a zone named by IANA (its TZID), read
 * with today's tz database, as calendar apps do, whether or not a VTIMEZONE travels with it; a zone
 * of its own definition (a VTIMEZONE under another name), read with that definition; no zone
 * (floating) or a date, read in the member's zone.
 */
function instantOf(time: Time, tzid: string | null, zone: string): Date {
  const date = `${time.year}-${pad(time.month)}-${pad(time.day)}`;
  const named = ianaTimeZone(tzid ?? time.zone?.tzid ?? '') ?? null;
  if (time.isDate) return zonedInstant(date, '00:00', named ?? zone);
  if (time.zone === ICAL.Timezone.utcTimezone || time.zone?.tzid === 'UTC')
    return new Date(Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second));
  const clock = `${pad(time.hour)}:${pad(time.minute)}`;
  if (named) return new Date(zonedInstant(date, clock, named).getTime() + time.second * 1000);
  if (time.zone && time.zone !== ICAL.Timezone.localTimezone && time.zone.tzid !== 'floating')
    return new Date(time.toUnixTime() * 1000);
  return new Date(zonedInstant(date, clock, zone).getTime() + time.second * 1000);
}

/** Whether an event holds its time: not transparent ("free"), not cancelled. */
function holdsTime(event: Component): boolean {
  const transp = String(event.getFirstPropertyValue('transp') ?? 'OPAQUE').toUpperCase();
  const status = String(event.getFirstPropertyValue('status') ?? '').toUpperCase();
  return transp !== 'TRANSPARENT' && status !== 'CANCELLED';
}

/** The zone definitions a calendar object carries, registered so its own names can be read. */
function registerZones(calendar: Component): void {
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(vtimezone);
    if (!ICAL.TimezoneService.has(zone.tzid)) ICAL.TimezoneService.register(zone, zone.tzid);
  }
}

/**
 * The busy time of one calendar object (RFC 5545: an event and the exceptions of its recurrence)
 * within the window: every occurrence its RRULE, RDATE and EXDATE give, an occurrence moved by a
 * RECURRENCE-ID at its new time, each expanded in its own time zone (a weekly 9:00 in New York is
 * 9:00 there on both sides of a change of daylight saving). Transparent and cancelled events, and
 * cancelled occurrences, are free. A text that is not iCalendar throws.
 */
export function busyTimesOf(ics: string, window: BusyWindow): BusySpan[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  registerZones(calendar);
  const vevents = calendar.getAllSubcomponents('vevent');
  const masters = vevents.filter((v) => !v.hasProperty('recurrence-id'));
  const exceptions = vevents.filter((v) => v.hasProperty('recurrence-id'));
  const spans: BusySpan[] = [];
  const keep = (start: Date, end: Date) => {
    if (end > window.from && start < window.to && end > start) spans.push({ start, end });
  };

  for (const master of masters) {
    const event = new ICAL.Event(master);
    for (const exception of exceptions)
      if (exception.getFirstPropertyValue('uid') === event.uid) event.relateException(new ICAL.Event(exception));
    if (!event.isRecurring()) {
      if (holdsTime(master)) keep(startOf(event, window.zone), endOf(event, window.zone));
      continue;
    }
    const iterator = event.iterator();
    for (let n = 0, next = iterator.next(); next && n < MAX_OCCURRENCES; n++, next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const item = details.item.component;
      const start = instantOf(details.startDate, tzidOf(item, 'dtstart'), window.zone);
      if (start >= window.to) break;
      if (!holdsTime(item)) continue;
      keep(start, instantOf(details.endDate, tzidOf(item, 'dtend') ?? tzidOf(item, 'dtstart'), window.zone));
    }
  }
  // An exception whose master is not in this object (a calendar that stores them apart).
  for (const exception of exceptions) {
    const uid = exception.getFirstPropertyValue('uid');
    if (masters.some((m) => m.getFirstPropertyValue('uid') === uid) || !holdsTime(exception)) continue;
    const event = new ICAL.Event(exception);
    keep(startOf(event, window.zone), endOf(event, window.zone));
  }
  return spans;
}

/** An event's start, in the zone its DTSTART names. */
const startOf = (event: IcalEvent, zone: string): Date =>
  instantOf(event.startDate, tzidOf(event.component, 'dtstart'), zone);

/** An event's end: DTEND, or DTSTART plus DURATION, or the day after an all-day DTSTART, or its start. */
function endOf(event: IcalEvent, zone: string): Date {
  const start = event.startDate;
  const startZone = tzidOf(event.component, 'dtstart');
  if (event.component.hasProperty('dtend'))
    return instantOf(event.endDate, tzidOf(event.component, 'dtend') ?? startZone, zone);
  if (event.component.hasProperty('duration')) return instantOf(event.endDate, startZone, zone);
  if (start.isDate) {
    const next = start.clone();
    next.adjust(1, 0, 0, 0);
    return instantOf(next, startZone, zone);
  }
  return instantOf(start, startZone, zone);
}
