import { type Sequelize } from 'sequelize-typescript';
import { UniqueConstraintError } from 'sequelize';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { Organization } from '../models/Organization';
import { type StudioRow } from '../rows';

/** What a studio sets, the same for every member. */
export type StudioSettings = Partial<
  Pick<StudioRow, 'time_zone' | 'locale' | 'csv_dialect' | 'country' | 'tenant_slug' | 'calendar_feed_client_names'>
>;

/**
 * Sets a studio's settings (a missing studio is a 404 `not_found`). A slug another studio holds is
 * a 409 `tenant_slug_taken` (the unique index decides, so two studios asking at once cannot both
 * get it).
 */
export async function setStudioSettings(_sequelize: Sequelize, orgId: string, settings: StudioSettings): Promise<void> {
  const studio = await Organization.findByPk(orgId);
  if (!studio) throw new NotFoundError('Studio');
  try {
    await studio.update(settings);
  } catch (err) {
    if (err instanceof UniqueConstraintError && settings.tenant_slug)
      throw new ConflictError('tenant_slug_taken', `The name ${settings.tenant_slug} is taken by another studio`);
    throw err;
  }
}
