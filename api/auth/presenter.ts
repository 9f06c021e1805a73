import { type UserRow } from '../../db/rows';
import { PLAN_CAPABILITIES } from '../../domain/accounts/plans';
import { isAdmin } from './guards';

/** The user as the API shows it: never the password hash. */
export function presentUser(user: UserRow, adminEmails: string[]) {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: isAdmin(user, adminEmails) ? ('admin' as const) : ('user' as const),
    locale: user.locale,
    plan: user.plan,
    capabilities: [...PLAN_CAPABILITIES[user.plan]],
    tenant_slug: user.tenant_slug,
    org_id: user.org_id,
    created_at: user.created_at.toISOString(),
  };
}
