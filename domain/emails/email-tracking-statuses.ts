/** Outcome of a sent email as tracked. */
export const EMAIL_TRACKING_STATUSES = ['SENT', 'FAILED'] as const;
export type EmailTrackingStatus = (typeof EMAIL_TRACKING_STATUSES)[number];
