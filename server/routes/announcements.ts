import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';
import type { Handlers } from './handlers';
import { requestLanguage } from './language';

/** The member's announcements and their status records. */
export function announcementHandlers(app: FastifyInstance): Handlers {
  return {
    async getAnnouncements(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.announcements.list(auth, request.query, requestLanguage(request)));
    },
    async getUserAnnouncements(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.announcements.records(auth));
    },
    async setAnnouncementStatus(request) {
      const auth = await app.requireVerified(request);
      return ok(await app.announcements.setStatus(auth, request.params.id, request.query.type, request.query.status));
    },
  };
}
