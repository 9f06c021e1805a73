/**
 * Session statuses. The spec names only VALIDATED (used in trigger conditions); the rest is the
 * life of a shoot as a studio sees it: asked for, confirmed, delivered, or called off.
 * See docs/decisions.md.
 */
export const SESSION_STATUSES = ['PENDING', 'VALIDATED', 'COMPLETED', 'CANCELLED'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];
