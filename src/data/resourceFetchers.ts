import type { ResourceScope } from '../../machines/cachedResource.types';
import type { ResourceKey } from '../../machines/resources.types';
import type { ActivityItem, Api, ApiResult, AuthProvider, ChanceToWinContest, CommunitySupport, Dashboard, GiftCard, Promo, Questionnaire, Transaction, User, WebManifest } from '../api/client';
import type { DrawCheck } from '../chanceToWin/verifyDraw';
import { readPendingCommunity } from './pendingCommunity';

/** A drawn contest with what the member's browser found when it recomputed the draw. */
export type CheckedContest = ChanceToWinContest & { check: DrawCheck };

/** Recomputes each published draw with WebCrypto (docs/features.md, "Verifiable draws"); its code comes with the first drawn contest. */
export async function checkContests(contests: ChanceToWinContest[]): Promise<CheckedContest[]> {
  const verifier = contests.some((contest) => contest.proof) ? import('../chanceToWin/verifyDraw') : undefined;
  return Promise.all(
    contests.map(async (contest) => {
      if (!contest.proof) return { ...contest, check: { verdict: 'notDrawn' } as DrawCheck };
      const { proof } = contest;
      try {
        const { verifyDraw } = await verifier!;
        const check = await verifyDraw({
          commitment: proof.commitment,
          seed: proof.seed,
          entries: proof.entries,
          entriesHash: proof.entriesHash,
          numberOfWinners: proof.numberOfWinners,
          winners: contest.winners.map((winner) => winner.entryId ?? -1),
        });
        return { ...contest, check };
      } catch {
        return { ...contest, check: { verdict: 'mismatch', reason: 'malformed' } as DrawCheck };
      }
    }),
  );
}

/** The list sizes. */
export const listSizes = { forms: 50, activity: 1000, giftCards: 200 } as const;

/** The data of each cached resource, as views receive it. */
export interface ResourceData {
  earnPromos: Promo[];
  redeemPromos: Promo[];
  forms: Questionnaire[];
  /** Newest first. */
  activity: ActivityItem[];
  giftCards: GiftCard[];
  dashboard: Dashboard;
  profile: User;
  transaction: Transaction;
  manifest: WebManifest;
  authProviders: AuthProvider[];
  /** Newest drawing first. */
  chanceToWinArchive: CheckedContest[];
  /** How to reach the community's operator (null contact: none set). */
  support: CommunitySupport;
  /** The same for a visitor (the community of their join link). */
  guestSupport: CommunitySupport;
}

export type { ResourceKey };

/** How each resource is fetched. */
export type ResourceFetcher<T> = (api: Api, scope: ResourceScope, signal: AbortSignal) => Promise<ApiResult<T>>;

/**
 * The rewards with what the member has left of each limited option (`left`, from the answer's
 * `limitsLeft`, the member's own part beside the community's catalog).
 */
export function withLimitsLeft(promos: Promo[], limitsLeft: { optId: number; left: number }[] = []): Promo[] {
  if (limitsLeft.length === 0) return promos;
  const left = new Map(limitsLeft.map((entry) => [entry.optId, entry.left]));
  return promos.map((promo) => ({
    ...promo,
    options: promo.options?.map((option) => (left.has(option.optId) ? { ...option, left: left.get(option.optId) } : option)),
  }));
}

const unwrap = <D, T>(result: ApiResult<D>, pick: (data: D) => T): ApiResult<T> =>
  result.success ? { success: true, data: pick(result.data) } : result;

export const resourceFetchers: { [K in ResourceKey]: ResourceFetcher<ResourceData[K]> } = {
  earnPromos: async (api, _, signal) => unwrap(await api.getPromos({ type: 'EARN' }, { signal }), (d) => d.promos),
  redeemPromos: async (api, _, signal) => unwrap(await api.getPromos({ type: 'REDEEM' }, { signal }), (d) => withLimitsLeft(d.promos, d.limitsLeft)),
  forms: async (api, _, signal) => unwrap(await api.getQuestionnaires({ page: 1, size: listSizes.forms }, { signal }), (d) => d.questionnaires),
  activity: async (api, _, signal) =>
    unwrap(await api.getDashboardActions({ page: 1, size: listSizes.activity }, { signal }), (d) => d.actions),
  giftCards: async (api, _, signal) => unwrap(await api.getGiftCards({ page: 1, size: listSizes.giftCards }, { signal }), (d) => d.giftcards),
  dashboard: (api, _, signal) => api.getDashboard(undefined, { signal }),
  profile: (api, _, signal) => api.getUser(undefined, { signal }),
  transaction: (api, scope, signal) => api.getTransaction({ id: scope.id ?? 0 }, { signal }),
  manifest: (api, _, signal) => api.getManifest(undefined, { signal }),
  authProviders: async (api, _, signal) => unwrap(await api.getAuthProviders(undefined, { signal }), (d) => d.providers),
  support: (api, _, signal) => api.getCommunitySupport({}, { signal }),
  guestSupport: async (api, _, signal) => {
    const pending = readPendingCommunity();
    if (!pending) return { success: false, error: 'COMMUNITY_NOT_FOUND', message: 'No community picked yet.', statusCode: 404 };
    return api.getCommunitySupport({ communityId: pending.communityId }, { signal });
  },
  chanceToWinArchive: async (api, _, signal) => {
    const result = await api.getChanceToWinArchive(undefined, { signal });
    return result.success ? { success: true, data: await checkContests(result.data.challenges) } : result;
  },
};
