import { createContext, useContext } from 'react';
import type { Api } from '../api/client';
import { AppActor } from './AppActor';
import type { SystemApi } from './api';

/**
 * The app system's API (src/actors/api.ts) for the actors a lazily loaded screen starts itself
 * (the operator console): their calls carry the member's token and a 401 goes to the app's
 * token refresh, like the app-wide actors' calls.
 */
export const SystemApiContext = createContext<SystemApi | null>(null);

/** The API client bound to the app's actor system. */
export function useSystemApi(): Api {
  const systemApi = useContext(SystemApiContext);
  const app = AppActor.useActorRef();
  if (!systemApi) throw new Error('no SystemApiContext: the app was started without createAppLogic');
  return systemApi.apiOf(app.system);
}
