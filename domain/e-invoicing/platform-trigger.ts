import { type ConditionGroup } from '../workflow-triggers/conditions';

/** The fields an INVOICE_STATUS_CHANGED adds when it carries a platform status (issue 32 §2). */
export const PLATFORM_STATUS_FIELDS = ['platform_status', 'platform_status_reason'] as const;

/**
 * Whether a trigger on INVOICE_STATUS_CHANGED hears an event carrying a platform status: only one
 * with a condition on `platform_status`. A trigger on the invoice's own status (`status = PAID`)
 * reads the invoice as it is now, so every later platform status would fire it again.
 */
export function hearsPlatformStatus(group: ConditionGroup | null | undefined): boolean {
  return (group?.conditions ?? []).some((c) => c.field === 'platform_status');
}
