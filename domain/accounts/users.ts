/** Value sets of a studio account, shared by the model, the api schemas and the workflows. */
export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_LOCALES = ['fr-FR', 'en-US'] as const;
export type UserLocale = (typeof USER_LOCALES)[number];

export const USER_PLANS = ['free', 'pro', 'studio'] as const;
export type UserPlan = (typeof USER_PLANS)[number];
