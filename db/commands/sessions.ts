import { Op, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError, ValidationError } from '../../domain/errors';
import { type SessionStatus } from '../../domain/sessions/session-status';
import { sessionTypeDefaults } from '../../domain/sessions/session-type-defaults';
import { Contact } from '../models/Contact';
import { Session } from '../models/Session';
import { SessionWorkflowTaskRun } from '../models/SessionWorkflowTaskRun';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { UserSessionType } from '../models/UserSessionType';
import { findOwned } from '../queries/owned';
import { deleteOwned } from './delete-owned';
import { recordDomainEvent } from './record-domain-event';
import { hasSessionFollowingSchedule } from '../queries/scheduled-documents';

export interface SessionProps {
  title?: string;
  status?: SessionStatus;
  start_date?: Date | null;
  end_date?: Date | null;
  location?: string | null;
  notes?: string | null;
  contact_id?: string | null;
  user_rate_id?: string | null;
  session_info_template_id?: string | null;
  user_session_type_id?: string | null;
}

/** A session may only point at the owner's own contact; another user's id reads as unknown. */
async function assertOwnContact(
  contactId: string | null | undefined,
  ownerId: string,
  transaction: Transaction,
): Promise<void> {
  if (!contactId) return;
  const found = await Contact.count({ where: { id: contactId, owner_id: ownerId }, transaction });
  if (!found)
    throw new ValidationError('contact_id does not match any of your contacts', [
      { path: 'contact_id', message: 'unknown contact' },
    ]);
}

/**
 * A session's questionnaire must be one of the owner's templates: another's reads as not found.
 * Attaching asks for no answers; required fields are checked when answers are submitted.
 */
async function assertOwnTemplate(
  templateId: string | null | undefined,
  ownerId: string,
  transaction: Transaction,
): Promise<void> {
  if (!templateId) return;
  const found = await UserSessionInfoTemplate.count({ where: { id: templateId, owner_id: ownerId }, transaction });
  if (!found) throw new NotFoundError('Session info template');
}

/**
 * A session's type: a system type (owner NULL) or one of the owner's own; another studio's reads
 * as not found. The type's default workflow comes with it (as setSessionType does), so its events
 * and trigger conditions on `user_session_type.*` see it.
 */
async function typeDefaults(
  typeId: string | null | undefined,
  ownerId: string,
  transaction: Transaction,
): Promise<{ workflow_id?: string; session_info_template_id?: string }> {
  if (typeId === undefined || typeId === null) return {};
  const type = await UserSessionType.findOne({
    where: { id: typeId, [Op.or]: [{ owner_id: null }, { owner_id: ownerId }] },
    transaction,
  });
  if (!type) throw new NotFoundError('Session type');
  // A system type's questionnaire is not the studio's: only the studio's own types bring one.
  return sessionTypeDefaults(type);
}

/** Creates a session and its SESSION_CREATED event in one transaction. */
export async function createSession(
  sequelize: Sequelize,
  ownerId: string,
  props: SessionProps & { title: string },
  requestId?: string,
): Promise<Session> {
  return sequelize.transaction(async (transaction) => {
    await assertOwnContact(props.contact_id, ownerId, transaction);
    await assertOwnTemplate(props.session_info_template_id, ownerId, transaction);
    const defaults = await typeDefaults(props.user_session_type_id, ownerId, transaction);
    const session = await Session.create({ ...defaults, ...props, owner_id: ownerId }, { transaction });
    await recordDomainEvent(
      sequelize,
      {
        eventType: 'SESSION_CREATED',
        entityType: 'SESSION',
        entityId: session.id,
        ownerId,
        payload: session.get({ plain: true }),
        requestId,
      },
      transaction,
    );
    return session;
  });
}

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
  return sequelize.transaction(async (transaction) => {
    const session = await findOwned(sequelize, Session, 'Session', id, ownerId, { transaction, lock: true });
    await assertOwnContact(props.contact_id, ownerId, transaction);
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
        (await SessionWorkflowTaskRun.count({ where: { session_id: session.id, status: 'PENDING' }, transaction })) > 0;
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
  });
}

/** Deletes one of the owner's sessions. */
export async function deleteSession(sequelize: Sequelize, ownerId: string, id: string): Promise<void> {
  await deleteOwned(sequelize, Session, 'Session', id, ownerId);
}
