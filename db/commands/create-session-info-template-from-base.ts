import { Op } from 'sequelize';
import { type Sequelize } from 'sequelize-typescript';
import { freeName } from '../../domain/session-info/template-names';
import { UserSessionInfoTemplate } from '../models/UserSessionInfoTemplate';
import { loadBaseTemplate } from '../queries/session-info-templates';
import { presentable } from './session-info-templates';
import { createUserTemplate } from './create-session-info-template';

/**
 * from-base: a new user template copied from one base template, each time it is asked for (the
 * studio may want a wedding questionnaire per kind of wedding). It is named after the base one,
 * with " (2)", " (3)"… when the owner already has a template of that name.
 */
export async function createFromBase(
  sequelize: Sequelize,
  ownerId: string,
  baseId: string,
): Promise<UserSessionInfoTemplate> {
  const base = await loadBaseTemplate(sequelize, baseId);
  const taken = new Set(
    (
      await UserSessionInfoTemplate.findAll({
        attributes: ['name'],
        where: { owner_id: ownerId, name: { [Op.startsWith]: base.name } },
      })
    ).map((t) => t.name),
  );
  return createUserTemplate(
    sequelize,
    ownerId,
    {
      name: freeName(base.name, taken),
      description: base.description,
      display_order: base.display_order,
      fields: (base.fields ?? []).map(presentable),
    },
    { base_template_id: base.id, locale: base.locale },
  );
}
