import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { ValidationError } from '../../domain/errors';
import { Session } from '../models/Session';
import { SessionAutomationTaskRun } from '../models/SessionAutomationTaskRun';
import { findOwned } from '../queries/owned';
import { recordDomainEvent } from './record-domain-event';
import { hasSessionFollowingSchedule } from '../queries/scheduled-documents';
import { assertOwnContact, assertOwnTemplate, type SessionProps, typeDefaults } from './sessions';

/**
 * Applies a partial update; a change of status records SESSION_STATUS_CHANGED with both statuses,
 * a change of start date SESSION_RESCHEDULED when workflow tasks are waiting on the session.
 */
export async function updateSession(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  props: SessionProps,
  requestId?: string,
): Promise<Session> {
  return sequelize.transaction((transaction) =>
    writeSessionUpdate(sequelize, transaction, ownerId, id, props, requestId),
  );
}

/** updateSession's writes, in the caller's transaction (a booking moved with its session, db/commands/booking.ts). */
export async function writeSessionUpdate(
  sequelize: Sequelize,
  transaction: Transaction,
  ownerId: string,
  id: string,
  props: SessionProps,
  requestId?: string,
): Promise<Session> {
  const session = await findOwned(sequelize, Session, 'Session', id, ownerId, { transaction, lock: true });
  await assertOwnContact(props.contact_id, ownerId, transaction, session.contact_id);
  await assertOwnTemplate(props.session_info_template_id, ownerId, transaction);
  // A new type brings its default workflow; the same type again changes nothing.
  const defaults =
    props.user_session_type_id !== session.user_session_type_id
      ? await typeDefaults(props.user_session_type_id, ownerId, transaction)
      : {};
  if (defaults.workflow_id) session.set({ workflow_id: defaults.workflow_id });
  // The type's questionnaire only when the session has none and the request names none.
  if (
    defaults.session_info_template_id &&
    !session.session_info_template_id &&
    props.session_info_template_id === undefined
  )
    session.set({ session_info_template_id: defaults.session_info_template_id });
  const previousStatus = session.status;
  const previousStart = session.start_date?.getTime() ?? null;
  session.set(props);
  if (session.start_date && session.end_date && session.end_date < session.start_date) {
    throw new ValidationError('end_date must not be before start_date', [
      { path: 'end_date', message: 'before start_date' },
    ]);
  }
  await session.save({ transaction });
  if (session.status !== previousStatus) {
    await recordDomainEvent(
      sequelize,
      {
        eventType: 'SESSION_STATUS_CHANGED',
        entityType: 'SESSION',
        entityId: session.id,
        ownerId,
        payload: { ...session.get({ plain: true }), previous_status: previousStatus },
        requestId,
      },
      transaction,
    );
  }
  const start = session.start_date?.getTime() ?? null;
  if (start !== previousStart) {
    // Tasks timed on the start wait in session workflows: the relay tells them; payment schedules
    // that follow the start are told to their clients (billing.schedule-changed). An internal event.
    const tasksWait =
      (await SessionAutomationTaskRun.count({ where: { session_id: session.id, status: 'PENDING' }, transaction })) > 0;
    const schedules = await hasSessionFollowingSchedule(sequelize, session.id, transaction);
    if (tasksWait || schedules) {
      await recordDomainEvent(
        sequelize,
        {
          eventType: 'SESSION_RESCHEDULED',
          entityType: 'SESSION',
          entityId: session.id,
          ownerId,
          payload: {
            start_date: session.start_date?.toISOString() ?? null,
            previous_start_date: previousStart === null ? null : new Date(previousStart).toISOString(),
            schedules,
          },
          requestId,
        },
        transaction,
      );
    }
  }
  return session;
}
