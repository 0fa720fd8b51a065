import type { components, operations } from './schema';

/**
 * Operations the browser navigates to (`x-browser-navigation: true` in openapi.yaml): they answer
 * redirects, not envelopes, so the client has links for them instead of methods.
 */
export type NavigationOperationId = 'startOidc' | 'oidcCallback' | 'oidcCallbackFormPost';

/** Every operationId of openapi.yaml the client calls. */
export type OperationId = Exclude<keyof operations, NavigationOperationId>;

/**
 * Where an operation's non-path parameters travel. No operation mixes locations: path
 * parameters come from the `{name}` parts of the path, everything else goes to one place.
 */
export type ParamsLocation = 'none' | 'query' | 'form' | 'json';

/**
 * - `required`: the auth token is sent; a 401/403 triggers one refresh and one retry.
 * - `optional`: sent when there is one (tokenize); refresh and retry only when it was sent.
 * - `none`: never sent, never refreshed (login, refresh, the other public calls).
 */
export type AuthMode = 'required' | 'optional' | 'none';

export interface OperationSpec {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  params: ParamsLocation;
  auth: AuthMode;
  /** false when the answer is a bare JSON document instead of the envelope. */
  enveloped?: false;
  /** Input fields that carry the auth token itself; refreshed along with the header on retry. */
  tokenFields?: readonly string[];
}

const op = (
  method: OperationSpec['method'],
  path: string,
  params: ParamsLocation,
  auth: AuthMode = 'required',
  extra: Pick<OperationSpec, 'enveloped' | 'tokenFields'> = {},
): OperationSpec => ({ method, path, params, auth, ...extra });

/**
 * How each operation of openapi.yaml travels. The contract test checks this table against the
 * document (method, path, parameter location, public or not), so adding a call is one line here
 * after `npm run gen:api`.
 */
export const OPERATIONS = {
  // account and session
  tokenize: op('POST', '/api/tokenize', 'form', 'optional', { tokenFields: ['authToken'] }),
  registerUser: op('POST', '/mobile/user/register', 'query', 'none'),
  login: op('POST', '/mobile/login', 'form', 'none'),
  verify: op('POST', '/mobile/verify', 'form'),
  changePassword: op('PUT', '/mobile/user/password', 'query'),
  resetPasswordStart: op('PUT', '/web/user/password/reset/start', 'query', 'none'),
  resetPasswordFinish: op('PUT', '/web/user/password/reset/finish', 'query', 'none'),
  refreshSession: op('POST', '/mobile/session/refresh', 'form', 'none'),
  logout: op('POST', '/mobile/session/logout', 'form', 'none'),
  emailExists: op('GET', '/web/user/email', 'query', 'none'),
  getUser: op('GET', '/mobile/user/get', 'none'),
  updateUser: op('PUT', '/mobile/user', 'query'),
  deleteUser: op('DELETE', '/mobile/user', 'query'),
  setDeviceIdentifier: op('POST', '/mobile/device/identifier/set', 'form'),
  deleteDeviceIdentifier: op('POST', '/mobile/device/identifier/delete', 'form'),
  // dashboard and rewards
  getDashboard: op('GET', '/mobile/dashboard', 'none'),
  getDashboardActions: op('GET', '/mobile/dashboard/actions', 'query'),
  getGiftCards: op('GET', '/mobile/dashboard/giftcards', 'query'),
  getTransaction: op('POST', '/mobile/transaction', 'form'),
  getPromos: op('GET', '/mobile/promos/get', 'query'),
  earn: op('POST', '/mobile/earn', 'form'),
  earnQr: op('POST', '/mobile/earn/qr/post', 'query'),
  redeem: op('POST', '/mobile/redeem', 'form'),
  // announcements
  getAnnouncements: op('GET', '/mobile/announcements', 'query'),
  getUserAnnouncements: op('POST', '/mobile/announcements/users', 'none'),
  setAnnouncementStatus: op('POST', '/mobile/announcements/{id}/status', 'query'),
  // forms
  getQuestionnaires: op('GET', '/web/questionnaires', 'query'),
  answerQuestionnaire: op('POST', '/web/questionnaires/{id}/answers', 'json'),
  // contests
  getChanceToWin: op('GET', '/mobile/contest/chancetowin', 'none'),
  getChanceToWinArchive: op('GET', '/mobile/contest/chancetowin/archive', 'none'),
  getTriviaContests: op('GET', '/mobile/contest/trivias', 'none'),
  getIndividualTriviaQuestion: op('GET', '/mobile/contest/trivia/individual/question', 'none'),
  answerIndividualTrivia: op('POST', '/mobile/contest/trivia/individual/answer', 'query'),
  skipIndividualTrivia: op('PUT', '/mobile/contest/trivia/individual/skip', 'none'),
  joinTriviaContest: op('PUT', '/mobile/contest/trivia/{id}/join', 'query'),
  getTriviaCharts: op('GET', '/mobile/contest/trivia/{id}/charts', 'none'),
  getTriviaContestQuestion: op('GET', '/mobile/contest/trivia/{id}/question', 'none'),
  answerTriviaContest: op('POST', '/mobile/contest/trivia/{id}/answer', 'query'),
  // other
  translate: op('POST', '/api/translate', 'form', 'none'),
  getManifest: op('GET', '/manifest.webmanifest', 'none', 'none', { enveloped: false }),
  // extensions
  getCommunity: op('GET', '/web/community/{communityId}', 'none', 'none'),
  // Binary: the PWA loads it with <img src>, never through the client.
  getImage: op('GET', '/images/{name}', 'none', 'none', { enveloped: false }),
  health: op('GET', '/api/health', 'none', 'none'),
  getPushKey: op('GET', '/mobile/push/key', 'none', 'none'),
  getCommunitySupport: op('GET', '/mobile/community/support', 'query', 'optional'),
  getAuthProviders: op('GET', '/web/auth/providers', 'none', 'none'),
  oidcSession: op('POST', '/web/auth/oidc/session', 'form', 'none'),
  oidcRegister: op('POST', '/web/auth/oidc/register', 'form', 'none'),
  // operator API (the web console)
  adminListCommunities: op('GET', '/admin/communities', 'none'),
  adminListPromos: op('GET', '/admin/communities/{communityId}/promos', 'query'),
  adminCreatePromo: op('POST', '/admin/communities/{communityId}/promos', 'json'),
  adminListRewardOptions: op('GET', '/admin/promos/{id}/options', 'none'),
  adminImportCodes: op('POST', '/admin/options/{id}/codes', 'json'),
  adminUpdatePromo: op('PUT', '/admin/promos/{id}', 'json'),
  adminDeletePromo: op('DELETE', '/admin/promos/{id}', 'none'),
  adminDeleteQrCode: op('DELETE', '/admin/qr-codes/{id}', 'none'),
  adminArchivePromo: op('POST', '/admin/promos/{id}/archive', 'none'),
  adminRestorePromo: op('POST', '/admin/promos/{id}/restore', 'none'),
  adminListMembers: op('GET', '/admin/communities/{communityId}/members', 'query'),
  adminShowMember: op('GET', '/admin/members/{userId}', 'query'),
  adminAdjustPips: op('POST', '/admin/members/{userId}/adjust', 'json'),
  adminBulkAdjust: op('POST', '/admin/communities/{communityId}/adjustments', 'json'),
  adminReport: op('GET', '/admin/communities/{communityId}/report', 'query'),
  adminListQrCodes: op('GET', '/admin/communities/{communityId}/qr-codes', 'none'),
  adminCreateQrCode: op('POST', '/admin/communities/{communityId}/qr-codes', 'json'),
  adminEndQrCode: op('POST', '/admin/qr-codes/{id}/end', 'none'),
  adminListAnnouncements: op('GET', '/admin/communities/{communityId}/announcements', 'none'),
  adminCreateAnnouncement: op('POST', '/admin/communities/{communityId}/announcements', 'json'),
  adminDeleteAnnouncement: op('DELETE', '/admin/announcements/{id}', 'none'),
  adminListQuestionnaires: op('GET', '/admin/communities/{communityId}/questionnaires', 'none'),
  adminArchiveQuestionnaire: op('POST', '/admin/questionnaires/{id}/archive', 'none'),
  adminRestoreQuestionnaire: op('POST', '/admin/questionnaires/{id}/restore', 'none'),
  adminCreateQuestionnaire: op('POST', '/admin/communities/{communityId}/questionnaires', 'json'),
  adminListCodes: op('GET', '/admin/options/{id}/codes', 'query'),
  adminVoidCode: op('POST', '/admin/codes/{id}/void', 'none'),
  adminUpdateQrCode: op('PUT', '/admin/qr-codes/{id}', 'json'),
  adminUpdateRewardOption: op('PUT', '/admin/options/{id}', 'json'),
  adminUpdateAnnouncement: op('PUT', '/admin/announcements/{id}', 'json'),
  adminUpdateChanceToWin: op('PUT', '/admin/chance-to-win/{id}', 'json'),
  adminDeleteChanceToWin: op('DELETE', '/admin/chance-to-win/{id}', 'none'),
  adminUpdateQuestionnaire: op('PUT', '/admin/questionnaires/{id}', 'json'),
  adminDeleteQuestionnaire: op('DELETE', '/admin/questionnaires/{id}', 'none'),
  adminUpdateTriviaContest: op('PUT', '/admin/trivia/contests/{id}', 'json'),
  adminDeleteTriviaContest: op('DELETE', '/admin/trivia/contests/{id}', 'none'),
  adminTrivia: op('GET', '/admin/communities/{communityId}/trivia', 'none'),
  adminSetTriviaSettings: op('PUT', '/admin/communities/{communityId}/trivia', 'json'),
  adminImportTriviaQuestions: op('POST', '/admin/communities/{communityId}/trivia/questions', 'json'),
  adminCreateTriviaContest: op('POST', '/admin/communities/{communityId}/trivia/contests', 'json'),
  adminListChanceToWin: op('GET', '/admin/communities/{communityId}/chance-to-win', 'none'),
  adminCreateChanceToWin: op('POST', '/admin/communities/{communityId}/chance-to-win', 'json'),
  adminDrawChanceToWin: op('POST', '/admin/chance-to-win/{id}/draw', 'none'),
  adminAudit: op('GET', '/admin/communities/{communityId}/audit', 'query'),
  adminShowCommunity: op('GET', '/admin/communities/{communityId}', 'none'),
  adminUpdateCommunity: op('PUT', '/admin/communities/{communityId}', 'json'),
  adminAuditAll: op('GET', '/admin/audit', 'query'),
  adminAddRewardOption: op('POST', '/admin/promos/{id}/options', 'json'),
  adminListTriviaQuestions: op('GET', '/admin/communities/{communityId}/trivia/questions', 'query'),
  adminUpdateTriviaQuestion: op('PUT', '/admin/trivia/questions/{id}', 'json'),
  adminDeleteTriviaQuestion: op('DELETE', '/admin/trivia/questions/{id}', 'none'),
  adminSetPromoImage: op('PUT', '/admin/promos/{id}/image', 'json'),
  adminRemovePromoImage: op('DELETE', '/admin/promos/{id}/image', 'none'),
  adminListOperators: op('GET', '/admin/communities/{communityId}/operators', 'none'),
  adminSetOperator: op('POST', '/admin/communities/{communityId}/operators', 'json'),
  adminRemoveOperator: op('DELETE', '/admin/communities/{communityId}/operators/{userId}', 'none'),
  adminListInvitations: op('GET', '/admin/communities/{communityId}/invitations', 'none'),
  adminRevokeInvitation: op('DELETE', '/admin/communities/{communityId}/invitations/{id}', 'none'),
  adminAcceptInvitation: op('POST', '/admin/invitations/accept', 'json'),
  adminCreateCommunity: op('POST', '/admin/communities', 'json'),
  adminDeleteRewardOption: op('DELETE', '/admin/options/{id}', 'none'),
  adminPushStatus: op('GET', '/admin/communities/{communityId}/push', 'none'),
  adminTriviaCharts: op('GET', '/admin/trivia/contests/{id}/charts', 'none'),
} as const satisfies Record<OperationId, OperationSpec>;

/** The navigation operations (checked against openapi.yaml by the contract test). */
export const NAVIGATIONS = {
  startOidc: { method: 'GET', path: '/web/auth/{provider}/start' },
  oidcCallback: { method: 'GET', path: '/web/auth/{provider}/callback' },
  oidcCallbackFormPost: { method: 'POST', path: '/web/auth/{provider}/callback' },
} as const satisfies Record<NavigationOperationId, Pick<OperationSpec, 'method' | 'path'>>;

/** A sign-in provider id of openapi.yaml (`OidcProviderId`). */
export type OidcProviderId = components['schemas']['OidcProviderId'];

/**
 * The link that starts a Google / Apple sign-in (`startOidc`), relative to the API base:
 * `/web/auth/google/start?returnTo=%2F`.
 */
export function oidcStartPath(provider: OidcProviderId, returnTo = '/'): string {
  return `/web/auth/${encodeURIComponent(provider)}/start?${new URLSearchParams({ returnTo })}`;
}

/** Names of the `{name}` parts of a path template. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
}
