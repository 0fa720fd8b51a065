import type { AcceptCodeOutput } from '../../machines/qrScanner.types';
import type { ApiResult, Community } from '../api/client';

/** The path a community QR code links to (also the app's route for scanning one). */
export const communityScanPath = '/community-scan';

/** Ids the server hands out; anything else cannot name a community and is never sent. */
export const communityIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

export type CommunityLink = { ok: true; communityId: string } | { ok: false; code: 'NOT_A_COMMUNITY_CODE' };

const notCommunity = { ok: false, code: 'NOT_A_COMMUNITY_CODE' } as const;

/**
 * Reads a community QR code: an http(s) link whose path is exactly `/community-scan` with one
 * well-formed `communityId`. Any host is accepted, since the code may have been printed for
 * another public URL of the same product; every other text (plain words, other links, earn
 * codes, `javascript:` URLs) is NOT_A_COMMUNITY_CODE.
 */
export function parseCommunityLink(text: string): CommunityLink {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return notCommunity;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return notCommunity;
  if (url.pathname !== communityScanPath) return notCommunity;
  const ids = url.searchParams.getAll('communityId');
  if (ids.length !== 1 || !communityIdPattern.test(ids[0])) return notCommunity;
  return { ok: true, communityId: ids[0] };
}

/** The link the app was opened with, as a community QR code would hold it. */
export function communityLinkFor(communityId: string, origin: string): string {
  const url = new URL(communityScanPath, origin);
  url.searchParams.set('communityId', communityId);
  return url.href;
}

export type LookUpCommunity = (communityId: string, signal: AbortSignal) => Promise<ApiResult<Community>>;

/**
 * `acceptCode` of the community scan: a community link whose community the server knows.
 * Malformed texts never reach the server. The accepted value is the {@link Community}.
 */
export async function acceptCommunityCode(text: string, lookUp: LookUpCommunity, signal: AbortSignal): Promise<AcceptCodeOutput> {
  const link = parseCommunityLink(text);
  if (!link.ok) return link;
  const result = await lookUp(link.communityId, signal);
  if (!result.success) return { ok: false, code: result.error };
  const community: Community = { communityId: result.data.communityId, name: result.data.name };
  return { ok: true, value: community };
}
