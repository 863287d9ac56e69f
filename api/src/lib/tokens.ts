import { createHash, randomBytes } from 'node:crypto';

/** A new API token: 40 hex characters (160 random bits). */
export function newToken(): string {
  return randomBytes(20).toString('hex');
}

/** What is stored for a token: its SHA-256 in hex, so a database leak does not leak usable tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
