import { createActorContext } from '@xstate/react';
import { tokenRefreshMachine } from '../../machines/tokenRefresh.machine';

/**
 * The app-wide token refresh queue. `AppActors` always provides the bound logic (it needs the
 * session actor); the bare machine here only fixes the type.
 */
export const TokenRefreshContext = createActorContext(tokenRefreshMachine);
