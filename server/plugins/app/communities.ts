import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { findOpenCommunity } from '../../db/repositories/communities';
import { findUserById } from '../../db/repositories/users';
import { findSupportContact } from '../../db/repositories/support';
import { AppError } from '../../errors';
import type { ContentLanguage } from '../../i18n/localized';
import type { Schema } from '../../api/types';
import { textIn } from './announcements';
import type { AuthContext } from './sessions';

/** Public community lookup, for the join link / community QR scan; the member's support contact. */
export interface CommunityService {
  get(communityId: string): Promise<{ communityId: string; name: string }>;
  /** How the member reaches their community's operator, its text in `language` (else the other one). */
  support(auth: AuthContext, language: ContentLanguage): Promise<Schema<'CommunitySupport'>>;
  /** The same for a visitor, by the community they picked from a join link or QR code. */
  publicSupport(communityId: string, language: ContentLanguage): Promise<Schema<'CommunitySupport'>>;
}

export function createCommunityService(deps: { db: Kysely<Database> }): CommunityService {
  return {
    async get(communityId) {
      const community = communityId.length <= 200 ? await findOpenCommunity(deps.db, communityId) : undefined;
      if (!community) throw new AppError('COMMUNITY_NOT_FOUND', 404, 'Community not found.');
      return { communityId: community.id, name: community.name };
    },
    async support(auth, language) {
      const user = await findUserById(deps.db, auth.userId);
      if (!user) throw new AppError('UNAUTHORIZED', 401, 'Missing, invalid or expired auth token.');
      return supportOf(deps.db, { id: user.community_id, name: user.community_name }, language);
    },
    async publicSupport(communityId, language) {
      const community = await findOpenCommunity(deps.db, communityId);
      if (!community) throw new AppError('COMMUNITY_NOT_FOUND', 404, 'Community not found.');
      return supportOf(deps.db, community, language);
    },
  };
}

async function supportOf(
  db: Kysely<Database>,
  community: { id: string; name: string },
  language: ContentLanguage,
): Promise<Schema<'CommunitySupport'>> {
  const contact = await findSupportContact(db, community.id);
  return {
    communityId: community.id,
    communityName: community.name,
    contact: contact
      ? {
          email: contact.email,
          url: contact.url,
          phone: contact.phone,
          text: contact.text ? textIn(contact.text, language) || null : null,
        }
      : null,
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
