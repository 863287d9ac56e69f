import type { Kysely } from 'kysely';
import type { Database, User, UserProfile } from './db/types';

/** The authenticated caller, set by the auth hook. */
export interface AuthContext {
  user: User;
  profile: UserProfile;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    config: AppConfig;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export interface LoginThrottle {
  /** Failed logins allowed per username within the window. */
  perUsername: number;
  /** Failed logins allowed per client address within the window. */
  perAddress: number;
  windowSeconds: number;
}

export interface AppConfig {
  loginThrottle: LoginThrottle;
  /** scrypt cost for new password hashes. */
  passwordHashCost: number;
}
