/** Value sets of a studio account, shared by the model, the api schemas and the workflows. */
export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * The locales a studio, a contact or a template may have (issue 30 §4): dates and amounts follow the
 * locale itself (Intl), words follow its language (locale-language.ts).
 */
export const USER_LOCALES = ['fr-FR', 'en-US', 'fr-CA', 'en-GB', 'en-CA', 'en-AU', 'en-IE'] as const;
export type UserLocale = (typeof USER_LOCALES)[number];

/** The locales whose words are written out, one per language: every other locale reads its language's. */
export const WORD_LOCALES = ['fr-FR', 'en-US'] as const satisfies readonly UserLocale[];
export type WordLocale = (typeof WORD_LOCALES)[number];

export const USER_PLANS = ['free', 'pro', 'studio'] as const;
export type UserPlan = (typeof USER_PLANS)[number];
