import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../server/security/passwords';
import { hashToken, hashVerificationCode, newShortId, newToken, newVerificationCode } from '../../../server/security/tokens';

describe('password hashing', () => {
  it('hashes with scrypt and a random salt, and verifies', async () => {
    const a = await hashPassword('Abcdef1!', 1024);
    const b = await hashPassword('Abcdef1!', 1024);
    expect(a).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Abcdef1!', a)).toBe(true);
    expect(await verifyPassword('Abcdef1?', a)).toBe(false);
  });

  it('verifies hashes made with other costs (the cost is stored in the hash)', async () => {
    const strong = await hashPassword('Abcdef1!', 32768);
    expect(await verifyPassword('Abcdef1!', strong)).toBe(true);
  });

  it('never matches an empty or malformed stored hash (deleted accounts)', async () => {
    for (const stored of ['', 'scrypt', 'scrypt$x$8$1$a$b', 'bcrypt$1$2$3$4$5', 'scrypt$1024$8$1$c2FsdA$c2hvcnQ']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });
});

describe('tokens', () => {
  it('are 32 random bytes in base64url, stored as SHA-256', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('makes 6-digit codes bound to their user', () => {
    for (let i = 0; i < 50; i++) expect(newVerificationCode()).toMatch(/^\d{6}$/);
    expect(hashVerificationCode(1, '123456')).not.toBe(hashVerificationCode(2, '123456'));
    expect(newShortId()).toMatch(/^[a-z0-9]{8}$/);
  });
});
