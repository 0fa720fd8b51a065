import { fromPromise } from 'xstate';
import type { ApiResult, Community, Dashboard, User, WebManifest } from '../api/client';
import { api } from './api';
import { storePendingCommunity } from './pendingCommunity';

/** GET /mobile/user/get: the profile behind the greeting. */
export const loadUser = fromPromise<ApiResult<User>>(({ signal }) => api.getUser(undefined, { signal }));

/** GET /mobile/dashboard: the pips balances. */
export const loadDashboard = fromPromise<ApiResult<Dashboard>>(({ signal }) => api.getDashboard(undefined, { signal }));

/** Looks up the community of a join link and remembers it for the sign-up form. */
export const lookUpCommunity = fromPromise<ApiResult<Community>, { communityId: string }>(async ({ input, signal }) => {
  const result = await api.getCommunity({ communityId: input.communityId }, { signal });
  if (result.success) storePendingCommunity({ communityId: result.data.communityId, name: result.data.name });
  return result;
});

/** The web manifest, for the app name on the welcome screen. */
export const loadManifest = fromPromise<ApiResult<WebManifest>>(({ signal }) => api.getManifest(undefined, { signal }));
