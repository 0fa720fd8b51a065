import type { FastifyInstance } from 'fastify';
import { validationError } from '../errors';
import { mailLanguage } from '../mail/language';
import type { TokenizeInput } from '../plugins/app/passwords';
import { tokenFromHeader } from '../plugins/app/sessions';
import { ok } from './envelope';
import type { Handlers } from './handlers';
import { input } from './input';

/** Account and session calls (SPEC §7 "Account and session"), keyed by operationId. */
export function accountHandlers(app: FastifyInstance): Handlers {
  return {
    async tokenize(request) {
      const body = input(request.body, 'body');
      const tokenType = body.string('tokenType');
      if (tokenType !== 'register' && tokenType !== 'changePassword' && tokenType !== 'qrParams' && tokenType !== 'confirmPassword') {
        throw validationError('tokenType', 'must be one of register, changePassword, qrParams, confirmPassword');
      }
      const tokenizeInput: TokenizeInput = {
        tokenType,
        password: body.optionalString('password'),
        currentPassword: body.optionalString('currentPassword'),
        userId: body.optionalInteger('userId'),
        qrParam: body.optionalString('qrParam'),
      };
      // The auth token may come in the form (as the spec's client sends it) or in the header.
      const formToken = body.optionalString('authToken');
      const authenticate = async () => {
        if (formToken !== undefined && formToken !== '') {
          request.auth = await app.sessions.authenticate(tokenFromHeader(formToken));
          return request.auth;
        }
        return app.requireAuth(request);
      };
      return ok(await app.passwords.tokenize(tokenizeInput, request.ip, authenticate));
    },

    async registerUser(request) {
      const query = input(request.query, 'query');
      return ok(
        await app.accounts.register({
          email: query.string('email'),
          firstName: query.string('firstName'),
          lastName: query.string('lastName'),
          passwordToken: query.string('passwordToken'),
          dayOfBirth: query.optionalString('dayOfBirth'),
          phone: query.optionalString('phone'),
          customTermsAccepted: query.string('customTermsAccepted'),
          communityId: query.string('communityId'),
          guardianConsent: query.optionalString('guardianConsent'),
        }, mailLanguage(request.headers['accept-language'])),
      );
    },

    async login(request) {
      const body = input(request.body, 'body');
      return ok(await app.accounts.login(body.string('email'), body.string('pwd'), request.ip));
    },

    async verify(request) {
      const auth = await app.requireAuth(request);
      const body = input(request.body, 'body');
      const op = body.optionalString('op');
      const code = body.optionalString('code');
      if (op !== undefined) {
        if (op !== 'resend') throw validationError('op', 'must be resend');
        if (code !== undefined) throw validationError('code', 'must not be sent with op');
        return ok(await app.verification.resend(auth, mailLanguage(request.headers['accept-language'])));
      }
      if (code === undefined) throw validationError('code', 'is required (or op=resend)');
      if (!/^[0-9]{6}$/.test(code)) throw validationError('code', 'must be 6 digits');
      return ok(await app.verification.verify(auth, code, request.ip));
    },

    async changePassword(request) {
      const auth = await app.requireAuth(request);
      return ok(await app.passwords.changePassword(auth, input(request.query, 'query').string('token')));
    },

    async resetPasswordStart(request) {
      return ok(
        await app.passwords.resetStart(
          input(request.query, 'query').string('email'),
          request.ip,
          mailLanguage(request.headers['accept-language']),
        ),
      );
    },

    async resetPasswordFinish(request) {
      const query = input(request.query, 'query');
      return ok(await app.passwords.resetFinish(query.string('emailToken'), query.string('passwordToken')));
    },

    async refreshSession(request) {
      return ok(await app.sessions.refresh(input(request.body, 'body').string('refreshToken')));
    },

    async emailExists(request) {
      return ok(await app.accounts.emailExists(input(request.query, 'query').string('email'), request.ip));
    },

    async getUser(request) {
      return ok(await app.accounts.getUser(await app.requireAuth(request)));
    },

    async updateUser(request) {
      const auth = await app.requireAuth(request);
      const query = input(request.query, 'query');
      return ok(
        await app.accounts.updateUser(auth, {
          firstName: query.string('firstName'),
          lastName: query.string('lastName'),
          dayOfBirth: query.optionalString('dayOfBirth'),
          phone: query.optionalString('phone'),
        }),
      );
    },

    async deleteUser(request) {
      const auth = await app.requireAuth(request);
      return ok(await app.accounts.deleteUser(auth, input(request.query, 'query').optionalString('passwordToken')));
    },

    async setDeviceIdentifier(request) {
      const auth = await app.requireAuth(request);
      const body = input(request.body, 'body');
      return ok(await app.devices.set(auth, body.string('identifier'), body.string('platform')));
    },

    async deleteDeviceIdentifier(request) {
      const auth = await app.requireAuth(request);
      return ok(await app.devices.remove(auth, input(request.body, 'body').string('identifier')));
    },
  };
}
