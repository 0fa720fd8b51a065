import { fromPromise } from 'xstate';
import type { ApiResult, Dashboard, User, WebManifest } from '../api/client';
import { api } from './api';

/** GET /mobile/user/get: the profile behind the greeting. */
export const loadUser = fromPromise<ApiResult<User>>(({ signal }) => api.getUser(undefined, { signal }));

/** GET /mobile/dashboard: the pips balances. */
export const loadDashboard = fromPromise<ApiResult<Dashboard>>(({ signal }) => api.getDashboard(undefined, { signal }));

/** The web manifest, for the app name on the welcome screen. */
export const loadManifest = fromPromise<ApiResult<WebManifest>>(({ signal }) => api.getManifest(undefined, { signal }));
