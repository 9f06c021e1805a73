import { type UserLocale } from '../../domain/accounts/users';
import { type MemberRole } from '../../domain/teams/roles';

/** Who is calling: what the auth guard puts on the request after checking the token. */
export interface AuthUser {
  /** The person. */
  id: string;
  /** The studio they act in: every record they read or write is the studio's (`owner_id`). */
  orgId: string;
  /** Their role in that studio (domain/teams/roles.ts). */
  role: MemberRole;
  email: string;
  locale: UserLocale;
  /** IANA zone of the studio: dates on its documents, payments and ledger (an export's are the member's own). */
  timeZone: string;
  isAdmin: boolean;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
  }
}
