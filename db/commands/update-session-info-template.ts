import { type Sequelize } from 'sequelize-typescript';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { findOwned } from '../queries/owned';
import { loadUserTemplate } from '../queries/session-info-templates';
import { type TemplateInput } from './session-info-templates';

export async function updateUserTemplate(
  sequelize: Sequelize,
  ownerId: string,
  id: string,
  patch: Partial<Omit<TemplateInput, 'fields'>>,
): Promise<UserSessionInfoTemplate> {
  const t = await findOwned(sequelize, UserSessionInfoTemplate, 'Session info template', id, ownerId);
  await t.update(patch);
  return loadUserTemplate(sequelize, id, ownerId);
}
