/** The actions the service writes today; the column accepts any UPPER_SNAKE word (spec: "and others"). */
export const AUDIT_ACTIONS = ['CREATE', 'UPDATE', 'DELETE', 'SEND', 'PAY', 'EXPORT', 'IMPORT', 'ERASE'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
