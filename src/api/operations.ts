import { NAVIGATIONS, OPERATIONS } from './operations.generated';
import type { components, operations } from './schema';

export { NAVIGATIONS, OPERATIONS };
export type { AuthMode, OperationSpec, ParamsLocation } from './operationSpec';

/**
 * Operations the browser navigates to (`x-browser-navigation: true` in openapi.yaml): they answer
 * redirects, not envelopes, so the client has links for them instead of methods.
 */
export type NavigationOperationId = keyof typeof NAVIGATIONS;

/** Every operationId of openapi.yaml the client calls. */
export type OperationId = Exclude<keyof operations, NavigationOperationId>;

type Assert<T extends true> = T;
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : false;
/** Compile-time: the generated table names every callable operation of the generated types, and no other. */
export type TableCoversOperations = Assert<SameKeys<typeof OPERATIONS, Record<OperationId, unknown>>>;

/** A sign-in provider id of openapi.yaml (`OidcProviderId`). */
export type OidcProviderId = components['schemas']['OidcProviderId'];

/**
 * The link that starts a Google / Apple sign-in (`startOidc`), relative to the API base:
 * `/web/auth/google/start?returnTo=%2F`.
 */
export function oidcStartPath(provider: OidcProviderId, returnTo = '/'): string {
  return `/web/auth/${encodeURIComponent(provider)}/start?${new URLSearchParams({ returnTo })}`;
}

/**
 * The public proof of a drawn Chance to Win contest (`getChanceToWinProof`, no token), relative
 * to the API base: what a member opens or shares to check the draw with their own tools.
 */
export function drawProofPath(contestId: number): string {
  return OPERATIONS.getChanceToWinProof.path.replace('{id}', String(contestId));
}

/** Names of the `{name}` parts of a path template. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
}
