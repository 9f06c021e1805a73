/** What a stored file belongs to, and where it is stored. */
export const FILE_ENTITY_TYPES = [
  'session',
  'contact',
  'export',
  'quote',
  'invoice',
  'contract',
  'document',
  'avatar',
  'logo',
  'ai-report',
] as const;
export type FileEntityType = (typeof FILE_ENTITY_TYPES)[number];

export const FILE_PROVIDERS = ['s3'] as const;
export type FileProvider = (typeof FILE_PROVIDERS)[number];
