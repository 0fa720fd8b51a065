import { createApi, type Api } from '../api/client';
import { i18n } from '../i18n/i18n';
import { readAuthToken } from './credentials';

/** Answers a 401/403: a fresh auth token, or null when the session could not be refreshed. */
export type UnauthorizedHandler = (staleToken?: string | null) => Promise<string | null>;

const noRefresh: UnauthorizedHandler = async () => null;
let unauthorizedHandler: UnauthorizedHandler = noRefresh;

/**
 * Installs the handler the API client calls on 401/403 (the token refresh queue, once the app's
 * actors are up). Returns the uninstall function.
 */
export function handleUnauthorized(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = noRefresh;
  };
}

/**
 * The app's one API client: same origin by default, raw auth token from storage, and the active
 * language as Accept-Language (the server writes its mails in it).
 */
export const api: Api = createApi({
  baseUrl: import.meta.env.VITE_API_URL ?? '',
  getToken: readAuthToken,
  getLanguage: () => i18n.locale || null,
  onUnauthorized: (...args: [staleToken?: string | null]) => unauthorizedHandler(...args),
});
