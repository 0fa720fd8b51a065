import type { components, operations } from './schema';
import type { OperationId } from './operations';

type Schemas = components['schemas'];

/** The empty object type (`{}`). */
type Empty = Record<never, never>;

/** Flattens intersections so editors show one object type. */
type Simplify<T> = { [K in keyof T]: T[K] };

/** Empty for a missing location (`query?: never`, no request body), else its object type. */
type Present<T> = [NonNullable<T>] extends [never] ? Empty : NonNullable<T>;

type PathOf<O extends OperationId> = Present<operations[O]['parameters']['path']>;
type QueryOf<O extends OperationId> = Present<operations[O]['parameters']['query']>;
type BodyOf<O extends OperationId> =
  Present<operations[O]['requestBody']> extends { content: infer C } ? C[keyof C] : Empty;

/**
 * The one flat input object of an operation: its path parameters, query parameters and body
 * fields side by side (no operation uses two of the three), e.g.
 * `setAnnouncementStatus({ id, type, status })` or `login({ email, pwd })`.
 */
export type OperationInput<O extends OperationId> = Simplify<PathOf<O> & QueryOf<O> & BodyOf<O>>;

type OkBody<O extends OperationId> = operations[O]['responses'] extends {
  200: { content: infer C };
}
  ? C[keyof C]
  : never;

/** The `data` of an operation's success envelope (or the bare document, for the manifest). */
export type OperationData<O extends OperationId> =
  OkBody<O> extends { data: infer D } ? D : OkBody<O>;

/** Per-call options. `signal` aborts the request (it then resolves as NETWORK_ERROR). */
export interface CallOptions {
  signal?: AbortSignal;
}

type RequiredKeys<T> = { [K in keyof T]-?: Empty extends Pick<T, K> ? never : K }[keyof T];

/** Arguments of a call: the input may be left out when none of its fields is required. */
export type OperationArgs<O extends OperationId> = [RequiredKeys<OperationInput<O>>] extends [never]
  ? [input?: OperationInput<O>, options?: CallOptions]
  : [input: OperationInput<O>, options?: CallOptions];

// Data shapes, named for use in src/ and machines' adapters.
export type AuthData = Schemas['AuthData'];
export type SessionTokens = Schemas['SessionTokens'];
export type User = Schemas['User'];
export type Dashboard = Schemas['Dashboard'];
export type EarnAction = Schemas['EarnAction'];
export type ActivityItem = Schemas['ActivityItem'];
export type GiftCard = Schemas['GiftCard'];
export type Transaction = Schemas['Transaction'];
export type Promo = Schemas['Promo'];
export type PromoType = Schemas['PromoType'];
export type Announcement = Schemas['Announcement'];
export type UserAnnouncement = Schemas['UserAnnouncement'];
export type Questionnaire = Schemas['Questionnaire'];
export type ChanceToWin = Schemas['ChanceToWin'];
export type ChanceToWinContest = Schemas['ChanceToWinContest'];
export type TriviaContest = Schemas['TriviaContest'];
export type TriviaQuestion = Schemas['TriviaQuestion'];
export type TriviaChart = Schemas['TriviaChart'];
export type Community = Schemas['Community'];
export type CommunitySupport = Schemas['CommunitySupport'];
export type WebManifest = Schemas['WebManifest'];
export type TokenType = Schemas['TokenType'];
export type AuthProvider = Schemas['AuthProvider'];
export type OidcSession = Schemas['OidcSession'];
export type OidcSignedIn = Schemas['OidcSignedIn'];
export type OidcNeedsSignup = Schemas['OidcNeedsSignup'];
/** Why a Google / Apple sign-in failed (the `error` parameter of the app's /auth/callback). */
export type OidcErrorCode = Schemas['OidcErrorCode'];
/** Error codes the server answers (openapi.yaml `ErrorCode`). */
export type ErrorCode = Schemas['ErrorCode'];
