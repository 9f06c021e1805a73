import { type Sequelize } from 'sequelize-typescript';
import { Op } from 'sequelize';
import { type Page, pageOffset, type PageRequest } from '../../domain/pagination';
import { type NamedSessionType } from '../../domain/sessions/session-type-names';
import { UserSessionType } from '../models/UserSessionType';
import { findOwned } from './owned';

/** The columns of a session type, as plain data. */
export type SessionTypeRow = Pick<
  UserSessionType,
  | 'id'
  | 'name'
  | 'description'
  | 'duration_minutes'
  | 'price'
  | 'vat_percentage'
  | 'default_workflow_id'
  | 'default_session_info_template_id'
  | 'display_order'
  | 'business_key'
  | 'is_active'
  | 'created_at'
  | 'updated_at'
>;

/** A page of the studio's own session types, in the studio's display order, then by name. */
export async function listSessionTypes(
  _sequelize: Sequelize,
  ownerId: string,
  page: PageRequest,
): Promise<Page<SessionTypeRow>> {
  const { rows, count } = await UserSessionType.findAndCountAll({
    where: { owner_id: ownerId },
    order: [
      ['display_order', 'ASC'],
      ['name', 'ASC'],
      ['id', 'ASC'],
    ],
    limit: page.limit,
    offset: pageOffset(page),
    raw: true,
  });
  return { items: rows, total: count, page: page.page, limit: page.limit };
}

/** One of the studio's own session types; another studio's (or a system one) reads as not found. */
export function findSessionType(sequelize: Sequelize, ownerId: string, id: string): Promise<SessionTypeRow> {
  return findOwned(sequelize, UserSessionType, 'Session type', id, ownerId);
}

/**
 * Every session type the studio may name: its own and the system ones (owner NULL), in a stable
 * order (active first, then the studio's display order, name and id; inactive types stay
 * nameable: a file of past sessions names the kinds the studio sold then), in one statement. The sessions import
 * reads it once per import and matches names in memory (domain/sessions/session-type-names.ts).
 */
export async function listNameableSessionTypes(_sequelize: Sequelize, ownerId: string): Promise<NamedSessionType[]> {
  return UserSessionType.findAll({
    attributes: ['id', 'name', 'owner_id', 'default_workflow_id', 'default_session_info_template_id'],
    where: { [Op.or]: [{ owner_id: ownerId }, { owner_id: null }] },
    order: [
      ['is_active', 'DESC'],
      ['display_order', 'ASC'],
      ['name', 'ASC'],
      ['id', 'ASC'],
    ],
    raw: true,
  });
}
