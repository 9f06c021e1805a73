import { type UserRow } from '../../db/rows';
import { type SignedLink } from '../storage/signed-link';

/** The signed-in user's profile with the current avatar and logo (links signed by the caller). */
export function presentUserProfile(user: UserRow, avatar: SignedLink | null, logo: SignedLink | null) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    avatar,
    logo,
    time_zone: user.time_zone,
    country: user.country,
    csv_dialect: user.csv_dialect,
    tenant_slug: user.tenant_slug,
  };
}
