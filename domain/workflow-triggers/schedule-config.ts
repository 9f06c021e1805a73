import { type DomainEntityType } from '../events/domain-event';
import { ValidationError } from '../errors';
import { ianaTimeZone } from '../time-zone';

/** The entities a SCHEDULED trigger can page through, as the api names them. */
export const SCHEDULE_ENTITIES = ['sessions', 'contacts', 'quotes', 'invoices'] as const;
export type ScheduleEntity = (typeof SCHEDULE_ENTITIES)[number];

export const SCHEDULE_ENTITY_TYPE: Record<ScheduleEntity, DomainEntityType> = {
  sessions: 'SESSION',
  contacts: 'CONTACT',
  quotes: 'QUOTE',
  invoices: 'INVOICE',
};

/** Bounds of every_minutes: no firing more often than every 15 minutes, none rarer than weekly. */
export const EVERY_MINUTES_MIN = 15;
export const EVERY_MINUTES_MAX = 10_080;

/** A SCHEDULED trigger's schedule_config once checked: exactly one of cron and every_minutes. */
export interface ScheduleConfig {
  cron?: string;
  every_minutes?: number;
  timezone: string;
  entity: ScheduleEntity;
  start_at?: string;
  end_at?: string;
}

/** One problem with a schedule_config, with its path in the request body. */
export interface ScheduleConfigIssue {
  path: string;
  message: string;
}

// minute, hour, day of month, month, day of week (0 and 7 are Sunday).
const CRON_FIELDS = [
  { name: 'minute', min: 0, max: 59, names: [] as string[] },
  { name: 'hour', min: 0, max: 23, names: [] },
  { name: 'day of month', min: 1, max: 31, names: [] },
  {
    name: 'month',
    min: 1,
    max: 12,
    names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'],
  },
  { name: 'day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
];

/** The value of one cron atom (a number or, for month and weekday, a name), or undefined. */
function cronAtom(atom: string, field: (typeof CRON_FIELDS)[number]): number | undefined {
  if (/^\d{1,2}$/.test(atom)) {
    const n = Number(atom);
    return n >= field.min && n <= field.max ? n : undefined;
  }
  const i = field.names.indexOf(atom.toUpperCase());
  if (i < 0) return undefined;
  return field.name === 'month' ? i + 1 : i;
}

/** Why a 5-field cron expression is not one (null when it is): `*`, numbers, names, ranges, lists and steps. */
export function cronProblem(cron: string): string | null {
  const parts = cron.trim().split(/\s+/);
  if (parts.length !== 5)
    return `cron must have 5 fields (minute hour day-of-month month day-of-week), not ${parts.length}`;
  for (const [i, part] of parts.entries()) {
    const field = CRON_FIELDS[i];
    for (const item of part.split(',')) {
      const [range, step, ...rest] = item.split('/');
      const bad = () =>
        `cron ${field.name} "${part}" is not valid (${field.min}-${field.max}${field.names.length ? ` or ${field.names[0]}-${field.names.at(-1)}` : ''}, *, ranges a-b, lists a,b, steps /n)`;
      if (rest.length || (step !== undefined && !/^\d{1,2}$/.test(step)) || step === '0') return bad();
      if (range === '*') continue;
      const bounds = range.split('-');
      if (bounds.length > 2) return bad();
      const values = bounds.map((b) => cronAtom(b, field));
      if (values.some((v) => v === undefined)) return bad();
      if (values.length === 2 && (values[0] as number) > (values[1] as number)) return bad();
    }
  }
  return null;
}

const isoTime = (v: unknown): number | undefined =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)) ? Date.parse(v) : undefined;

/**
 * Checks a SCHEDULED trigger's schedule_config: a cron of 5 fields or every_minutes
 * (15 to 10 080), not both; an IANA timezone; entity one of sessions (the default), contacts,
 * quotes, invoices; start_at before end_at when both are given (ISO 8601). Returns it normalised;
 * throws a ValidationError listing every problem (details.issues, paths under schedule_config).
 */
export function validateScheduleConfig(raw: unknown): ScheduleConfig {
  const issues: ScheduleConfigIssue[] = [];
  const add = (field: string, message: string) =>
    issues.push({ path: `schedule_config${field ? `.${field}` : ''}`, message });
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ValidationError(
      'A SCHEDULED trigger needs schedule_config {cron | every_minutes, timezone, entity?, start_at?, end_at?}',
      {
        issues: [{ path: 'schedule_config', message: 'required: an object' }],
      },
    );
  }
  const c = raw as Record<string, unknown>;
  const hasCron = c.cron !== undefined && c.cron !== null;
  const hasEvery = c.every_minutes !== undefined && c.every_minutes !== null;
  if (hasCron && hasEvery) add('', 'give cron or every_minutes, not both');
  if (!hasCron && !hasEvery) add('', 'give cron or every_minutes');
  if (hasCron) {
    const problem = typeof c.cron === 'string' ? cronProblem(c.cron) : 'cron must be text';
    if (problem) add('cron', problem);
  }
  if (
    hasEvery &&
    !(
      Number.isInteger(c.every_minutes) &&
      (c.every_minutes as number) >= EVERY_MINUTES_MIN &&
      (c.every_minutes as number) <= EVERY_MINUTES_MAX
    )
  ) {
    add('every_minutes', `every_minutes must be a whole number from ${EVERY_MINUTES_MIN} to ${EVERY_MINUTES_MAX}`);
  }
  const timezone = typeof c.timezone === 'string' ? ianaTimeZone(c.timezone) : null;
  if (timezone === null) add('timezone', 'timezone must be an IANA time zone such as Europe/Paris');
  const entity = c.entity ?? 'sessions';
  if (!SCHEDULE_ENTITIES.includes(entity as never))
    add('entity', `entity must be one of ${SCHEDULE_ENTITIES.join(', ')}`);
  const start = c.start_at === undefined || c.start_at === null ? undefined : isoTime(c.start_at);
  const end = c.end_at === undefined || c.end_at === null ? undefined : isoTime(c.end_at);
  if (c.start_at != null && start === undefined) add('start_at', 'start_at must be an ISO 8601 date-time');
  if (c.end_at != null && end === undefined) add('end_at', 'end_at must be an ISO 8601 date-time');
  if (start !== undefined && end !== undefined && start >= end) add('end_at', 'end_at must be after start_at');
  if (issues.length)
    throw new ValidationError(
      `schedule_config is not valid: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
      { issues },
    );
  return {
    ...(hasCron
      ? { cron: (c.cron as string).trim().split(/\s+/).join(' ') }
      : { every_minutes: c.every_minutes as number }),
    timezone: timezone as string,
    entity: entity as ScheduleEntity,
    ...(start !== undefined ? { start_at: new Date(start).toISOString() } : {}),
    ...(end !== undefined ? { end_at: new Date(end).toISOString() } : {}),
  };
}

/** The entity a SCHEDULED trigger's conditions read (sessions when the config does not say). */
export function scheduledEntityType(config: unknown): DomainEntityType {
  const entity = (config as { entity?: unknown } | null)?.entity;
  return SCHEDULE_ENTITIES.includes(entity as never) ? SCHEDULE_ENTITY_TYPE[entity as ScheduleEntity] : 'SESSION';
}

/** The shape of a Temporal ScheduleSpec for a checked config (interval in milliseconds; kept free of the SDK: domain imports no framework). */
export function scheduleSpecOf(config: ScheduleConfig): {
  cronExpressions?: string[];
  intervals?: { every: number }[];
  timezone: string;
  startAt?: Date;
  endAt?: Date;
} {
  return {
    ...(config.cron
      ? { cronExpressions: [config.cron] }
      : { intervals: [{ every: (config.every_minutes as number) * 60_000 }] }),
    timezone: config.timezone,
    ...(config.start_at ? { startAt: new Date(config.start_at) } : {}),
    ...(config.end_at ? { endAt: new Date(config.end_at) } : {}),
  };
}
