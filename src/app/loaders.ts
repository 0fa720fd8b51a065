import { fromPromise } from 'xstate';
import type { ApiResult, User, WebManifest } from '../api/client';
import { api } from './api';

/** GET /mobile/user/get: the profile behind the greeting. */
export const loadUser = fromPromise<ApiResult<User>>(({ signal }) => api.getUser(undefined, { signal }));

/** The web manifest, for the app name on the welcome screen. */
export const loadManifest = fromPromise<ApiResult<WebManifest>>(({ signal }) => api.getManifest(undefined, { signal }));
