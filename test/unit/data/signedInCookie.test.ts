import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearCredentials, readAuthToken, signedInCookie, storeCredentials, tellServerSignedIn } from '../../../src/data/credentials';
import { recordingDocument } from '../recordingDocument';

const holdsCookie = () => document.cookie.split(/;\s*/).includes(`${signedInCookie}=1`);

const auth = { authToken: 'token-1', refreshToken: 'refresh-1', userId: 7, isVerified: true, email: 'ada@example.org', rememberMe: true };

describe('the signed-in cookie (the server sends a signed-in member the shell, not a prerendered guest screen)', () => {
  const forget = () => {
    document.cookie = `${signedInCookie}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    localStorage.clear();
  };
  // Other files of the run share this document (sessions stored by their tests).
  beforeEach(forget);
  afterEach(forget);

  it('comes with the stored session and goes with it, and never holds the token', () => {
    expect(holdsCookie()).toBe(false);
    storeCredentials(auth);
    expect(holdsCookie()).toBe(true);
    expect(document.cookie).not.toContain('token-1');
    clearCredentials();
    expect(readAuthToken()).toBeNull();
    expect(holdsCookie()).toBe(false);
  });

  it('is written for every path, a year, same-site, secure over https, and taken away with a date long past', () => {
    const plain = recordingDocument('http:');
    tellServerSignedIn(true, plain.doc);
    expect(plain.written).toEqual(['signedIn=1; Path=/; Max-Age=31536000; SameSite=Lax']);
    const https = recordingDocument('https:', 'language=es; signedIn=1');
    tellServerSignedIn(false, https.doc);
    expect(https.written).toEqual(['signedIn=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax; Secure']);
  });

  it('is written only when it says something else than it does', () => {
    const holding = recordingDocument('http:', 'signedIn=1; language=en');
    tellServerSignedIn(true, holding.doc);
    const without = recordingDocument('http:', 'language=en; xsignedIn=1');
    tellServerSignedIn(false, without.doc);
    expect([...holding.written, ...without.written]).toEqual([]);
  });
});
