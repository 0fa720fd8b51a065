import { hash, randomBytes, randomInt } from 'node:crypto';

/** A fresh opaque token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  // The one-shot hash (Node 20.12+, 21.7+; the engines field asks for 20.19 or 22.12): no Hash object per call.
  return hash('sha256', token, 'hex');
}

/** A 6-digit verification code, leading zeros allowed. */
export function newVerificationCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** Codes are bound to their user so equal codes of two users hash differently. */
export function hashVerificationCode(userId: number, code: string): string {
  return hashToken(`${userId}:${code}`);
}

/** Random id for things such as refresh-token families. */
export function newId(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Short lowercase id, e.g. for communities ('demo-k3x9…'). */
export function newShortId(length = 8): string {
  let id = '';
  for (let i = 0; i < length; i++) id += ALPHABET[randomInt(0, ALPHABET.length)];
  return id;
}
