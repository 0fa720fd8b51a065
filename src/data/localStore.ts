/**
 * localStorage that never throws: private modes and full or blocked storage read as empty and
 * drop writes, and each caller decides what that means (a session that lives until the page
 * closes, an install count that starts over, a push registration found again from the browser).
 */
export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`, or removes the key for null; storage failures are ignored. */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage unavailable: see the module comment
  }
}
