// Python's `icalendar` package (PyPI, the parser most Python calendar tools use), installed once per
// machine into a venv under ~/.cache/studio-service: it reads the calendar feeds with another
// library than the one that writes them (domain/calendar/ical-writer.ts).
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const VERSION = '7.3.2';
const cacheRoot = process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache');
const venv = path.join(cacheRoot, 'studio-service', `icalendar-${VERSION}`);
const python = path.join(venv, 'bin', 'python');

/** Makes the venv unless a working one is there. */
function ensureIcalendar(): void {
  try {
    execFileSync(python, ['-c', 'import icalendar'], { stdio: 'ignore' });
    return;
  } catch {
    // Not there yet, or broken: made again below.
  }
  execFileSync('python3', ['-m', 'venv', '--clear', venv], { stdio: 'inherit' });
  execFileSync(path.join(venv, 'bin', 'pip'), ['install', '-q', `icalendar==${VERSION}`], {
    stdio: 'inherit',
    timeout: 300_000,
  });
}

/** An event as Python's icalendar reads it: times as UTC ISO instants. */
export interface ParsedEvent {
  uid: string;
  summary: string;
  location: string | null;
  description: string | null;
  start: string;
  end: string;
  status: string | null;
}

const SCRIPT = `
import json, sys
from datetime import timezone
from icalendar import Calendar
cal = Calendar.from_ical(sys.stdin.read())
def instant(prop):
    return prop.dt.astimezone(timezone.utc).strftime('%Y-%m-%dT%H:%M:%S.000Z')
def text(component, name):
    value = component.get(name)
    return None if value is None else str(value)
events = [
    {'uid': str(e['UID']), 'summary': str(e['SUMMARY']), 'location': text(e, 'LOCATION'),
     'description': text(e, 'DESCRIPTION'), 'start': instant(e['DTSTART']), 'end': instant(e['DTEND']),
     'status': text(e, 'STATUS')}
    for e in cal.walk('VEVENT')
]
print(json.dumps({'version': str(cal['VERSION']), 'prodid': str(cal['PRODID']),
                  'name': text(cal, 'X-WR-CALNAME'), 'events': events}))
`;

/** The calendar `ics` as Python's icalendar parses it (strictly: a malformed feed throws). */
export function parseIcsWithPython(ics: string): {
  version: string;
  prodid: string;
  name: string | null;
  events: ParsedEvent[];
} {
  ensureIcalendar();
  const out = execFileSync(python, ['-c', SCRIPT], { input: ics, timeout: 60_000, stdio: ['pipe', 'pipe', 'pipe'] });
  return JSON.parse(out.toString('utf8')) as ReturnType<typeof parseIcsWithPython>;
}

/** An invitation (iTIP) as Python's icalendar reads it: its METHOD and its one event's fields. */
export interface ParsedInvitation {
  method: string;
  uid: string;
  start: string;
  end: string;
  status: string | null;
  sequence: number;
  organizer: string;
  attendee: string;
}

const INVITATION_SCRIPT = `
import json, sys
from datetime import timezone
from icalendar import Calendar
cal = Calendar.from_ical(sys.stdin.read())
[e] = list(cal.walk('VEVENT'))
def instant(prop):
    return prop.dt.astimezone(timezone.utc).strftime('%Y-%m-%dT%H:%M:%S.000Z')
print(json.dumps({'method': str(cal['METHOD']), 'uid': str(e['UID']), 'start': instant(e['DTSTART']),
                  'end': instant(e['DTEND']), 'status': str(e.get('STATUS')) if e.get('STATUS') else None,
                  'sequence': int(e.get('SEQUENCE', 0)), 'organizer': str(e['ORGANIZER']),
                  'attendee': str(e['ATTENDEE'])}))
`;

/** The invitation `ics` as Python's icalendar parses it (strictly: a malformed one throws). */
export function parseInvitationWithPython(ics: string): ParsedInvitation {
  ensureIcalendar();
  const out = execFileSync(python, ['-c', INVITATION_SCRIPT], {
    input: ics,
    timeout: 60_000,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return JSON.parse(out.toString('utf8')) as ParsedInvitation;
}
