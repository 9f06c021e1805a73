import { type UserPlan } from './users';

/** What each plan unlocks. `studio_page` is the paid studio page on the tenant host `{slug}`. */
export const PLAN_CAPABILITIES: Record<UserPlan, readonly string[]> = {
  free: [],
  pro: ['scheduled_exports'],
  studio: ['scheduled_exports', 'studio_page'],
};

export function hasCapability(plan: UserPlan, capability: string): boolean {
  return PLAN_CAPABILITIES[plan].includes(capability);
}
