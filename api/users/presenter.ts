import { type Studio } from '../../db/queries/studios';
import { type UserRow } from '../../db/rows';
import { type SignedLink } from '../storage/signed-link';

/**
 * The signed-in member's profile: their own account (with its avatar) and their studio's settings
 * (its logo, country, slug and calendar feeds' setting, read from the studio's row). Links are
 * signed by the caller.
 */
export function presentUserProfile(user: UserRow, studio: Studio, avatar: SignedLink | null, logo: SignedLink | null) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    avatar,
    logo,
    time_zone: user.time_zone,
    locale: user.locale,
    notification_email: user.notification_email,
    csv_dialect: user.csv_dialect,
    country: studio.country,
    tenant_slug: studio.tenant_slug,
    calendar_feed_client_names: studio.calendar_feed_client_names,
    studio_time_zone: studio.time_zone,
    studio_locale: studio.locale,
    studio_csv_dialect: studio.csv_dialect,
  };
}
