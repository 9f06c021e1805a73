/**
 * The roles of a studio's members (issue 44 §1; the matrix of what each may do is in
 * docs/teams.md and domain/teams/permissions.ts). The account that registers a studio is its owner;
 * a studio has exactly one.
 */
export const MEMBER_ROLES = ['owner', 'admin', 'photographer', 'assistant', 'bookkeeper'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
