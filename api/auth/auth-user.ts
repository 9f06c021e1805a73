import { type UserLocale } from '../../domain/accounts/users';

/** Who is calling: what the auth guard puts on the request after checking the token. */
export interface AuthUser {
  id: string;
  orgId: string;
  email: string;
  locale: UserLocale;
  /** IANA zone of the studio: dates on documents and exports. */
  timeZone: string;
  isAdmin: boolean;
}

declare module 'express-serve-static-core' {
  interface Request {
    user?: AuthUser;
  }
}
