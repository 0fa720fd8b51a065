import type { FastifyInstance } from 'fastify';
import { ok } from '../envelope';
import { tokenFromHeader } from '../plugins/app/sessions';
import type { Handlers } from './handlers';
import { requestLanguage } from './language';
import { requestMailLanguage } from './language';

/** Account and session calls, keyed by operationId. */
export function accountHandlers(app: FastifyInstance): Handlers {
  return {
    async tokenize(request) {
      const { authToken: formToken, ...input } = request.body;
      // The auth token may come in the form (as the app's client sends it) or in the header.
      const authenticate = async () => {
        if (formToken !== undefined && formToken !== '') {
          request.auth = await app.sessions.authenticate(tokenFromHeader(formToken));
          return request.auth;
        }
        return app.requireAuth(request);
      };
      return ok(await app.passwords.tokenize(input, request.ip, authenticate));
    },

    async registerUser(request) {
      return ok(await app.accounts.register(request.query, requestMailLanguage(request)));
    },

    async login(request) {
      return ok(await app.accounts.login(request.body.email, request.body.pwd, request.ip));
    },

    async verify(request) {
      const auth = await app.requireAuth(request);
      // The contract allows exactly one of `code` and `op=resend`.
      const { code } = request.body;
      if (code === undefined) return ok(await app.verification.resend(auth, requestMailLanguage(request)));
      return ok(await app.verification.verify(auth, code, request.ip));
    },

    async changePassword(request) {
      const auth = await app.requireAuth(request);
      return ok(await app.passwords.changePassword(auth, request.query.token));
    },

    async resetPasswordStart(request) {
      return ok(await app.passwords.resetStart(request.query.email, request.ip, requestMailLanguage(request)));
    },

    async resetPasswordFinish(request) {
      return ok(await app.passwords.resetFinish(request.query.emailToken, request.query.passwordToken));
    },

    async refreshSession(request) {
      return ok(await app.sessions.refresh(request.body.refreshToken));
    },

    async logout(request) {
      return ok(await app.sessions.logout(request.body));
    },

    async emailExists(request) {
      return ok(await app.accounts.emailExists(request.query.email, request.ip));
    },

    async getUser(request) {
      return ok(await app.accounts.getUser(await app.requireAuth(request)));
    },

    async updateUser(request) {
      const auth = await app.requireAuth(request);
      return ok(await app.accounts.updateUser(auth, request.query));
    },

    async deleteUser(request) {
      const auth = await app.requireAuth(request);
      return ok(await app.accounts.deleteUser(auth, request.query.passwordToken));
    },

    async setDeviceIdentifier(request) {
      const auth = await app.requireAuth(request);
      return ok(await app.devices.set(auth, request.body.identifier, request.body.platform, requestLanguage(request)));
    },

    async deleteDeviceIdentifier(request) {
      const auth = await app.requireAuth(request);
      return ok(await app.devices.remove(auth, request.body.identifier));
    },
  };
}
