import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt$N$r$p$salt(base64)$hash(base64)
export const DEFAULT_SCRYPT_N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scryptAsync(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** Hashes with scrypt and a random 16-byte salt. `n` (cost) is stored with the hash. */
export async function hashPassword(password: string, n: number = DEFAULT_SCRYPT_N): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, n, R, P);
  return ['scrypt', n, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time check of `password` against a hash made by hashPassword. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (!n || !r || !p || expected.length === 0) return false;
  const key = await scryptAsync(password, salt, n, r, p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Django's default validators, reduced to the ones the portal applies: minimum length 8,
 * not entirely numeric, not the username. Returns the messages (empty when valid).
 */
export function passwordProblems(password: string, username?: string): string[] {
  const problems: string[] = [];
  if (username && password.toLowerCase() === username.toLowerCase()) {
    problems.push('The password is too similar to the username.');
  }
  if (password.length < 8) {
    problems.push('This password is too short. It must contain at least 8 characters.');
  }
  if (/^\d+$/.test(password)) problems.push('This password is entirely numeric.');
  return problems;
}
