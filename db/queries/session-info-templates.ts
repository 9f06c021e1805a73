import { type Transaction } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { NotFoundError } from '../../domain/errors';
import { BaseSessionInfoTemplate } from '../models/BaseSessionInfoTemplate';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { type BaseSessionInfoTemplateRow, type UserSessionInfoTemplateRow } from '../rows';

/** A user keeps a handful of questionnaires; the lists are plain arrays, capped all the same. */
const MAX_TEMPLATES_LISTED = 500;

/**
 * The owner's questionnaires with their fields: `by-name` (the list) orders by display order
 * then name, `by-order` (after create-defaults) by display order only.
 */
export function listUserTemplates(
  _sequelize: Sequelize,
  ownerId: string,
  order: 'by-name' | 'by-order' = 'by-name',
): Promise<UserSessionInfoTemplateRow[]> {
  return UserSessionInfoTemplate.findAll({
    where: { owner_id: ownerId },
    include: [{ association: 'fields' }],
    order:
      order === 'by-name'
        ? [
            ['display_order', 'ASC'],
            ['name', 'ASC'],
            ['id', 'ASC'],
          ]
        : [
            ['display_order', 'ASC'],
            ['id', 'ASC'],
          ],
    limit: MAX_TEMPLATES_LISTED,
  });
}

/** The base questionnaires with their fields, optionally those of one default session type. */
export function listBaseTemplates(
  _sequelize: Sequelize,
  filter: { default_session_type_id?: string } = {},
): Promise<BaseSessionInfoTemplateRow[]> {
  return BaseSessionInfoTemplate.findAll({
    where: filter.default_session_type_id ? { default_session_type_id: filter.default_session_type_id } : {},
    include: [{ association: 'fields' }],
    order: [
      ['display_order', 'ASC'],
      ['locale', 'ASC'],
      ['id', 'ASC'],
    ],
    limit: MAX_TEMPLATES_LISTED,
  });
}

export const userTemplateInclude = [{ association: 'fields' }];

export async function loadUserTemplate(
  _sequelize: Sequelize,
  id: string,
  ownerId: string,
  transaction?: Transaction,
): Promise<UserSessionInfoTemplate> {
  const t = await UserSessionInfoTemplate.findOne({
    where: { id, owner_id: ownerId },
    include: userTemplateInclude,
    transaction,
  });
  if (!t) throw new NotFoundError('Session info template');
  return t;
}

export async function loadBaseTemplate(
  _sequelize: Sequelize,
  id: string,
  transaction?: Transaction,
): Promise<BaseSessionInfoTemplate> {
  const t = await BaseSessionInfoTemplate.findByPk(id, { include: [{ association: 'fields' }], transaction });
  if (!t) throw new NotFoundError('Base session info template');
  return t;
}
