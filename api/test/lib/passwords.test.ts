import { DEFAULT_SCRYPT_N, hashPassword, passwordProblems, verifyPassword } from '../../src/lib/passwords';
import { hashToken, newToken } from '../../src/lib/tokens';

describe('passwords', () => {
  it('hashes with scrypt N=2^15 and a random salt by default, and verifies', async () => {
    expect(DEFAULT_SCRYPT_N).toBe(32768);
    const a = await hashPassword('s3cret-pass');
    const b = await hashPassword('s3cret-pass');
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('s3cret-pass', a)).toBe(true);
    expect(await verifyPassword('s3cret-pasS', a)).toBe(false);
  });

  it('rejects malformed stored hashes', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$0$8$1$$')).toBe(false);
  });

  it('applies the rules: length 8, not entirely numeric, not the username', () => {
    expect(passwordProblems('Goodpass123', 'bob')).toEqual([]);
    expect(passwordProblems('short')).toEqual([
      'This password is too short. It must contain at least 8 characters.',
    ]);
    expect(passwordProblems('1234567890')).toEqual(['This password is entirely numeric.']);
    expect(passwordProblems('Longusername', 'longUserName')).toEqual([
      'The password is too similar to the username.',
    ]);
  });
});

describe('tokens', () => {
  it('are 40 hex characters, different each time, stored as SHA-256', () => {
    const a = newToken();
    expect(a).toMatch(/^[0-9a-f]{40}$/);
    expect(newToken()).not.toBe(a);
    expect(hashToken(a)).toMatch(/^[0-9a-f]{64}$/);
  });
});
