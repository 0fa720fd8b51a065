import type { ApiResult } from '../api/client';
import { NETWORK_ERROR } from '../api/client';

/** A fresh idempotency key (openapi IdempotencyKey: ^[A-Za-z0-9_-]{8,128}$). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Writes sent without a definite answer (no answer, a 5xx, the page left mid-request): the server
 * may have applied them. Their keys are kept per member for this tab's session, so the member's
 * next attempt of the same write (`earn:<pid>`, `redeem:<pid>:<optId>`) sends the same key and the
 * server applies it at most once, returning the first answer if it already did.
 */
const STORAGE_KEY = 'pips.unresolvedWrites';

type Unresolved = Record<string, string>;

function read(): Unresolved {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Unresolved) : {};
  } catch {
    return {};
  }
}

function write(entries: Unresolved): void {
  try {
    if (Object.keys(entries).length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
  } catch {
    // No storage (some private modes): the key is then kept only by the attempt itself.
  }
}

/** A write of one member: `7:redeem:3:1`. */
const entryName = (userId: number | null, name: string) => `${userId ?? 0}:${name}`;

/** The key for the member's next attempt of `name`: the unresolved one, else a fresh one. */
export function keyForWrite(userId: number | null, name: string): string {
  return read()[entryName(userId, name)] ?? newIdempotencyKey();
}

/** Call just before sending: until a definite answer, the write counts as unresolved. */
export function beginWrite(userId: number | null, name: string, key: string): void {
  write({ ...read(), [entryName(userId, name)]: key });
}

/** Whether the server may or may not have applied the write that got this answer. */
export const isUncertain = (result: ApiResult<unknown>) =>
  !result.success && (result.error === NETWORK_ERROR || result.statusCode === 0 || result.statusCode >= 500);

/** Call with the answer: a definite one (applied, or refused) forgets the key. */
export function settleWrite(userId: number | null, name: string, result: ApiResult<unknown>): void {
  if (isUncertain(result)) return;
  const entries = read();
  delete entries[entryName(userId, name)];
  write(entries);
}
