import type { Kysely } from 'kysely';
import type { Database, User, UserProfile } from './db/types';

/** The authenticated caller, set by the auth hook. */
export interface AuthContext {
  user: User;
  profile: UserProfile;
  /** Set when the caller is a company API key rather than a logged-in user. */
  apiKey?: { id: number; scope: 'read' | 'read_write' };
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
  /** Failed logins allowed per username from one client address within the window. */
  perUsername: number;
  /**
   * Failed logins allowed per username from all addresses within the window (against distributed guessing):
   * beyond it only the account's usual addresses and known devices may still try.
   */
  perAccount: number;
  /** Failed logins allowed per client address within the window. */
  perAddress: number;
  windowSeconds: number;
}

export interface TokenPolicy {
  /** A token unused for this long stops working (sliding expiry). */
  idleMinutes: number;
  /** A token older than this stops working, however much it is used. */
  maxAgeHours: number;
}

export interface AppConfig {
  loginThrottle: LoginThrottle;
  tokens: TokenPolicy;
  /**
   * The public origin (and path prefix) clients reach the API through, e.g. `https://portal.example.com`:
   * absolute links (pagination) are built on it, never on the Host header. Unset: the address the request came
   * to, from the trusted proxy's X-Forwarded-Host/-Proto or the socket.
   */
  publicUrl?: string;
  /** scrypt cost for new password hashes. */
  passwordHashCost: number;
  /** The settings from the environment (config.ts). */
  env: import('./config').Config;
}
