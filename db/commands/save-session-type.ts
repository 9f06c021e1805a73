import { Op, type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { UserSessionType } from '../models/UserSessionType';
import { Automation } from '../models/Automation';
import { findOwned } from '../queries/owned';
import { findSessionType, type SessionTypeRow } from '../queries/session-types';
import { audit } from './session-types';

/** What a studio sets on its session types (the api's `default_price` is the `price` column). */
export interface SessionTypeProps {
  name?: string;
  description?: string | null;
  duration_minutes?: number | null;
  price?: string;
  vat_percentage?: string;
  default_workflow_id?: string | null;
  default_session_info_template_id?: string | null;
  display_order?: number;
  is_active?: boolean;
}

/** The workflow must be the studio's own or a system one; the questionnaire the studio's own. Otherwise 404. */
async function assertLinks(ownerId: string, props: SessionTypeProps, transaction: Transaction): Promise<void> {
  if (props.default_workflow_id) {
    const workflow = await Automation.count({
      where: { id: props.default_workflow_id, [Op.or]: [{ owner_id: ownerId }, { owner_id: null }] },
      transaction,
    });
    if (!workflow) throw new NotFoundError('Workflow');
  }
  if (props.default_session_info_template_id) {
    const template = await UserSessionInfoTemplate.count({
      where: { id: props.default_session_info_template_id, owner_id: ownerId },
      transaction,
    });
    if (!template) throw new NotFoundError('Session info template');
  }
}

/** Creates (id null) or updates one of the studio's session types, with an audit row naming the fields set. */
export async function saveSessionType(
  sequelize: Sequelize,
  ownerId: string,
  id: string | null,
  props: SessionTypeProps,
  requestId?: string,
): Promise<SessionTypeRow> {
  const savedId = await sequelize.transaction(async (transaction) => {
    await assertLinks(ownerId, props, transaction);
    const row = id
      ? await (
          await findOwned(sequelize, UserSessionType, 'Session type', id, ownerId, { transaction, lock: true })
        ).update(props, { transaction })
      : await UserSessionType.create({ ...props, owner_id: ownerId }, { transaction });
    await audit(ownerId, id ? 'UPDATE' : 'CREATE', row.id, { changed: Object.keys(props) }, transaction, requestId);
    return row.id;
  });
  return findSessionType(sequelize, ownerId, savedId);
}
