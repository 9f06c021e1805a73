/** The entities a file can be imported into (spec: Import endpoints). */
export const IMPORT_ENTITIES = ['contacts', 'sessions', 'quotes', 'invoices'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

/**
 * Every field a column may be mapped to, per entity (spec: "Import target fields"). Contacts also
 * accept `full_name`, which only fills first and last name when both are absent. Sessions accept
 * `session_type`, a session type's name (the studio's own or a system one), which the import turns
 * into `user_session_type_id` (domain/sessions/session-type-names.ts).
 */
export const IMPORT_TARGET_FIELDS = {
  contacts: [
    'first_name',
    'last_name',
    'full_name',
    'email',
    'phone_number',
    'street',
    'city',
    'zipcode',
    'country',
    'notes',
    'contact_type',
    'locale',
    'company_name',
    'siren',
    'vat_number',
    'region',
    'tax_exempt_reference',
    'reverse_charge',
  ],
  sessions: [
    'title',
    'location',
    'contact_id',
    'start_date',
    'end_date',
    'notes',
    'status',
    'session_type',
    // The members on the session by role, by email (domain/teams/assignment-cells.ts).
    'lead',
    'second_shooters',
    'assistants',
  ],
  quotes: ['title', 'amount', 'status', 'valid_until', 'description', 'session_id', 'contact_id', 'currency'],
  invoices: [
    'title',
    'amount',
    'status',
    'due_date',
    'description',
    'session_id',
    'contact_id',
    'quote_id',
    'currency',
  ],
} as const satisfies Record<ImportEntity, readonly string[]>;

export type ImportTargetField<E extends ImportEntity = ImportEntity> = (typeof IMPORT_TARGET_FIELDS)[E][number];

/** True when `field` is a target field of `entity`. */
export function isTargetField(entity: ImportEntity, field: string): boolean {
  return (IMPORT_TARGET_FIELDS[entity] as readonly string[]).includes(field);
}
