import { type StudioRow, type UserRow } from '../../db/rows';
import { PLAN_CAPABILITIES } from '../../domain/accounts/plans';
import { isAdmin } from './guards';

/** The user as the API shows it, with their studio's plan and slug: never the password hash. */
export function presentUser(user: UserRow, studio: Pick<StudioRow, 'plan' | 'tenant_slug'>, adminEmails: string[]) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: isAdmin(user, adminEmails) ? ('admin' as const) : ('user' as const),
    locale: user.locale,
    plan: studio.plan,
    capabilities: [...PLAN_CAPABILITIES[studio.plan]],
    tenant_slug: studio.tenant_slug,
    org_id: user.org_id,
    created_at: user.created_at.toISOString(),
  };
}
