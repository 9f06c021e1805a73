/** Value sets of exports (spec: Export template, exportable entities and formats). */
export const EXPORT_JOB_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

export const EXPORT_ENTITIES = ['contacts', 'sessions', 'quotes', 'invoices'] as const;
export type ExportEntity = (typeof EXPORT_ENTITIES)[number];

export const EXPORT_FORMATS = ['csv', 'excel', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
