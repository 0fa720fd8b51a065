import type { SessionSnapshot } from '../../machines/session.selectors';
import { memberOf } from '../../machines/app.root';
import type { AnySystem } from './api';

/**
 * The member the session says is verified, for a binding that acts for them (queue writes,
 * idempotency keys); null when nobody is. The session is the one source of who is signed in.
 */
export function memberOfSystem(system: AnySystem): number | null {
  const session = system.get('session');
  return session ? memberOf(session.getSnapshot() as SessionSnapshot) : null;
}

/** Whether the connectivity sync knows the app is offline (SPEC §3 "connectivity (isOffline)"). */
export function isOfflineIn(system: AnySystem): boolean {
  const sync = system.get('connectivitySync');
  return Boolean(sync?.getSnapshot().matches({ network: 'offline' }));
}
