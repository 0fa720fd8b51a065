import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createHash } from 'node:crypto';
import { deleteDevice, upsertDevice } from '../../db/repositories/devices';
import { deleteSubscription, upsertSubscription } from '../../db/repositories/push';
import { AppError, validationError } from '../../errors';
import type { ContentLanguage } from '../../i18n/localized';
import { isAllowedEndpoint } from '../../push/webPush';
import type { AuthContext } from './sessions';

export const DEVICE_PLATFORMS = ['ios', 'android', 'web'] as const;

/** Push-notification identifiers of a user's devices. */
export interface DeviceService {
  /**
   * Registers an identifier; `msg` is the device id the app keeps (the identifier itself). A
   * browser's Web Push subscription (its JSON) is kept for pushes in the member's language, and
   * its device id is a short `web-…` id.
   */
  set(auth: AuthContext, identifier: string, platform: string, language?: ContentLanguage): Promise<{ msg: string }>;
  /** Forgets an identifier (a device id, or a subscription's JSON); succeeds when it was not registered (idempotent). */
  remove(auth: AuthContext, identifier: string): Promise<{ status: 'OK' }>;
}

function requireIdentifier(raw: string): string {
  const identifier = raw.trim();
  // Characters (code points), as the contract's maxLength counts them.
  const length = [...identifier].length;
  if (length === 0 || length > 4096) throw validationError('identifier', 'must be 1 to 4096 characters');
  return identifier;
}

/** A Web Push subscription as `PushSubscription.toJSON()` gives it. */
interface BrowserSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A subscription the contract's schema cannot judge (its JSON inside the identifier) has its own code. */
const invalidSubscription = (detail: string) => new AppError('INVALID_PUSH_SUBSCRIPTION', 400, `identifier: ${detail}`);

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The subscription an identifier carries, null for a plain device id; throws for a malformed one. */
function parseSubscription(identifier: string, allowInsecureEndpoint: boolean): BrowserSubscription | null {
  if (!identifier.startsWith('{')) return null;
  let value: unknown;
  try {
    value = JSON.parse(identifier);
  } catch {
    throw invalidSubscription('is not a push subscription (invalid JSON)');
  }
  const { endpoint, keys } = (value ?? {}) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof endpoint !== 'string' || !isAllowedEndpoint(endpoint, allowInsecureEndpoint)) {
    throw invalidSubscription('the push subscription needs an https endpoint');
  }
  const p256dh = keys?.p256dh;
  const auth = keys?.auth;
  if (typeof p256dh !== 'string' || !BASE64URL.test(p256dh) || p256dh.length < 80 || p256dh.length > 100) {
    throw invalidSubscription('the push subscription needs keys.p256dh (a P-256 public key)');
  }
  if (typeof auth !== 'string' || !BASE64URL.test(auth) || auth.length < 16 || auth.length > 32) {
    throw invalidSubscription('the push subscription needs keys.auth (16 bytes)');
  }
  return { endpoint, p256dh, auth };
}

/** The short device id of a subscription: stable for its endpoint. */
const deviceIdOf = (endpoint: string) => `web-${createHash('sha256').update(endpoint).digest('base64url').slice(0, 32)}`;

export function createDeviceService(deps: { db: Kysely<Database>; now: () => Date; allowInsecureEndpoint?: boolean }): DeviceService {
  const allowInsecure = deps.allowInsecureEndpoint ?? false;
  return {
    async set(auth, rawIdentifier, platform, language = 'en') {
      const identifier = requireIdentifier(rawIdentifier);
      if (!(DEVICE_PLATFORMS as readonly string[]).includes(platform)) {
        throw validationError('platform', `must be one of ${DEVICE_PLATFORMS.join(', ')}`);
      }
      const subscription = parseSubscription(identifier, allowInsecure);
      if (subscription) {
        const deviceId = deviceIdOf(subscription.endpoint);
        await upsertSubscription(deps.db, { userId: auth.userId, deviceId, ...subscription, language, now: deps.now() });
        return { msg: deviceId };
      }
      await upsertDevice(deps.db, { user_id: auth.userId, identifier, platform, now: deps.now() });
      return { msg: identifier };
    },
    async remove(auth, rawIdentifier) {
      const identifier = requireIdentifier(rawIdentifier);
      let endpoint: string | undefined;
      if (identifier.startsWith('{')) {
        try {
          const parsed = JSON.parse(identifier) as { endpoint?: unknown };
          if (typeof parsed?.endpoint === 'string') endpoint = parsed.endpoint;
        } catch {
          // Not JSON after all: an ordinary identifier.
        }
      }
      await deleteSubscription(deps.db, auth.userId, { deviceId: identifier, endpoint });
      await deleteDevice(deps.db, auth.userId, identifier);
      return { status: 'OK' };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    devices: DeviceService;
  }
}

export default fp(
  async (app) => {
    app.decorate('devices', createDeviceService({ db: app.db, now: app.now, allowInsecureEndpoint: app.config.pushAllowInsecureEndpoint }));
  },
  { name: 'devices', dependencies: ['db', 'core'] },
);
