import { hasCapability } from './plans';
import { type UserPlan } from './users';

/**
 * Where links sent to a studio's clients point (spec: host layout): the studio's own tenant host
 * `{slug}` when its plan includes the paid studio page and it has a slug, else the app host.
 * `tenantBaseUrl` is TENANT_BASE_URL, an address with `%s` where the slug goes.
 */
export function clientLinkBase(
  owner: { plan: UserPlan; tenant_slug: string | null },
  appBaseUrl: string,
  tenantBaseUrl: string,
): string {
  const base =
    owner.tenant_slug && hasCapability(owner.plan, 'studio_page')
      ? tenantBaseUrl.replace('%s', owner.tenant_slug)
      : appBaseUrl;
  return base.replace(/\/$/, '');
}
