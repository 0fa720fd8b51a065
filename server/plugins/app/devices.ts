import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { deleteDevice, upsertDevice } from '../../db/repositories/devices';
import { validationError } from '../../errors';
import type { AuthContext } from './sessions';

export const DEVICE_PLATFORMS = ['ios', 'android', 'web'] as const;

/** Push-notification identifiers of a user's devices. */
export interface DeviceService {
  /** Registers an identifier; `msg` is the device id the app keeps (the identifier itself). */
  set(auth: AuthContext, identifier: string, platform: string): Promise<{ msg: string }>;
  /** Forgets an identifier; succeeds when it was not registered (idempotent). */
  remove(auth: AuthContext, identifier: string): Promise<{ status: 'OK' }>;
}

function requireIdentifier(raw: string): string {
  const identifier = raw.trim();
  if (identifier.length === 0 || identifier.length > 512) throw validationError('identifier', 'must be 1 to 512 characters');
  return identifier;
}

export function createDeviceService(deps: { db: Kysely<Database>; now: () => Date }): DeviceService {
  return {
    async set(auth, rawIdentifier, platform) {
      const identifier = requireIdentifier(rawIdentifier);
      if (!(DEVICE_PLATFORMS as readonly string[]).includes(platform)) {
        throw validationError('platform', `must be one of ${DEVICE_PLATFORMS.join(', ')}`);
      }
      await upsertDevice(deps.db, { user_id: auth.userId, identifier, platform, now: deps.now() });
      return { msg: identifier };
    },
    async remove(auth, rawIdentifier) {
      await deleteDevice(deps.db, auth.userId, requireIdentifier(rawIdentifier));
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
    app.decorate('devices', createDeviceService({ db: app.db, now: app.now }));
  },
  { name: 'devices', dependencies: ['db', 'core'] },
);
