/** Kinds of document attached to a session or contact. */
export const DOCUMENT_TYPES = ['CONTRACT', 'QUOTE', 'INVOICE', 'RELEASE_FORM', 'MOODBOARD', 'PHOTO', 'OTHER'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
