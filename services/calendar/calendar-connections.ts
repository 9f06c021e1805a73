import { type Client } from '@temporalio/client';
import { type Sequelize } from 'sequelize-typescript';
import { deleteCalendarConnection, insertCalendarConnection } from '../../db/commands/calendar-connections';
import {
  type CalendarConnectionRow,
  findCalendarConnection,
  listCalendarConnections,
} from '../../db/queries/calendar-connections';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { calendarAddressProblem } from '../../lib/calendar/calendar-address';
import { type CalDavAccount, type CalDavCalendar, CalDavError } from '../../lib/calendar/caldav-calendar';
import { type CredentialsCipher } from '../../lib/credentials-cipher';
import { startJob } from '../../lib/jobs/start-job';
import { CALENDAR_SYNC_JOB } from '../../workflows/calendar/contract';

/**
 * A member's CalDAV calendars (issue 45 §3; docs/booking.md, "CalDAV"): connected with the
 * calendar's address, a user name and a password (an app password, for iCloud or Fastmail), read
 * for busy time by a job, and written with each confirmed booking of theirs.
 */

/** Who connects: a member of the studio; each connects and sees only their own calendars. */
export interface CalendarMember {
  id: string;
  orgId: string;
}

export interface CalendarConnectionDeps {
  sequelize: Sequelize;
  temporal: Client;
  cipher(): CredentialsCipher;
  openCalendar(account: CalDavAccount): CalDavCalendar;
  /** CALDAV_ALLOW_PRIVATE_NETWORK: whether an address may reach the service's own networks. */
  allowPrivateNetwork: boolean;
}

/** Starts a connection's sync now; answers its job run. */
function startSync(deps: CalendarConnectionDeps, member: CalendarMember, connectionId: string, requestId: string) {
  return startJob(
    deps.sequelize,
    deps.temporal,
    CALENDAR_SYNC_JOB,
    connectionId,
    { ownerId: member.orgId, connectionId },
    { orgId: member.orgId, userId: member.id, entityId: connectionId, requestId },
  );
}

/**
 * Connects a calendar: the address checked (http or https, outside the service's own networks),
 * the calendar asked once with the account (so a wrong password or address is told now, not at
 * the first sync), the password kept encrypted, and a first sync started.
 */
export async function connectCalendar(
  deps: CalendarConnectionDeps,
  member: CalendarMember,
  input: { url: string; username: string; password: string },
  requestId: string,
): Promise<{ connection: CalendarConnectionRow; jobRunId: string }> {
  const problem = await calendarAddressProblem(input.url, deps.allowPrivateNetwork);
  if (problem) throw new ValidationError(`The calendar's address ${problem}`, [{ path: 'url', message: problem }]);
  try {
    await deps.openCalendar(input).ctag();
  } catch (err) {
    const message =
      err instanceof CalDavError ? err.message : `The calendar did not answer (${(err as Error).message})`;
    throw new ValidationError(message, [{ path: 'url', message }]);
  }
  const id = await insertCalendarConnection(deps.sequelize, {
    orgId: member.orgId,
    memberId: member.id,
    url: input.url,
    username: input.username,
    secretEncrypted: deps.cipher().encrypt(input.password),
  });
  if (!id) throw new ConflictError('calendar_connected', 'This calendar is connected already');
  const run = await startSync(deps, member, id, requestId);
  const connection = await findCalendarConnection(deps.sequelize, member.orgId, member.id, id);
  if (!connection) throw new NotFoundError('Calendar connection');
  return { connection, jobRunId: run.id };
}

/** The member's connected calendars. */
export function calendarConnectionsOf(deps: Pick<CalendarConnectionDeps, 'sequelize'>, member: CalendarMember) {
  return listCalendarConnections(deps.sequelize, member.orgId, member.id);
}

/** Reads one of the member's calendars again now. */
export async function syncCalendarNow(
  deps: CalendarConnectionDeps,
  member: CalendarMember,
  id: string,
  requestId: string,
): Promise<{ jobRunId: string }> {
  if (!(await findCalendarConnection(deps.sequelize, member.orgId, member.id, id)))
    throw new NotFoundError('Calendar connection');
  return { jobRunId: (await startSync(deps, member, id, requestId)).id };
}

/**
 * Disconnects a calendar: its busy time no longer hides slots, its password is forgotten. The
 * events bookings wrote into it stay there (the member's calendar is theirs).
 */
export async function disconnectCalendar(
  deps: Pick<CalendarConnectionDeps, 'sequelize'>,
  member: CalendarMember,
  id: string,
): Promise<void> {
  if (!(await deleteCalendarConnection(deps.sequelize, member.orgId, member.id, id)))
    throw new NotFoundError('Calendar connection');
}
