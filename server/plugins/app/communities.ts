import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findCommunity } from '../../db/repositories/communities';
import { AppError } from '../../errors';

/** Public community lookup, for the join link / community QR scan. */
export interface CommunityService {
  get(communityId: string): Promise<{ communityId: string; name: string }>;
}

export function createCommunityService(deps: { db: Kysely<Database> }): CommunityService {
  return {
    async get(communityId) {
      const community = communityId.length <= 200 ? await findCommunity(deps.db, communityId) : undefined;
      if (!community) throw new AppError('COMMUNITY_NOT_FOUND', 404, 'Community not found.');
      return { communityId: community.id, name: community.name };
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    communities: CommunityService;
  }
}

export default fp(
  async (app) => {
    app.decorate('communities', createCommunityService({ db: app.db }));
  },
  { name: 'communities', dependencies: ['db'] },
);
