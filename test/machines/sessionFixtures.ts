import type { AuthResult, RegistrationPayload, StoredCredentials } from '../../machines/session.types';

/** What the session tests share: stored credentials, a successful sign-in, a registration. */
export const stored = (over: Partial<StoredCredentials> = {}): StoredCredentials => ({
  authToken: 'token-0123456789',
  userId: '42',
  email: 'ana@example.com',
  isVerified: 'true',
  ...over,
});

export const authOk = (over: Partial<Extract<AuthResult, { ok: true }>> = {}): AuthResult => ({
  ok: true,
  authToken: 'fresh-token-0123',
  refreshToken: 'refresh-0123',
  userId: 42,
  isVerified: false,
  ...over,
});

export const registration: RegistrationPayload = {
  email: 'new@example.com',
  password: 'Secret#123',
  firstName: 'Ana',
  lastName: 'Lopez',
  phone: '',
  customTermsAccepted: true,
  communityId: '3',
};
