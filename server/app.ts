import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { clientErrorHandler } from './clientErrors';
import type { Config } from './config';
import { loggerOptions, logServerErrors, requestId, type LogSink } from './logging';
import type { Database } from './db/schema';
import type { NotifyWinners } from './contests/runDraws';
import type { Mailer } from './mail/mailer';
import type { PushOptions } from './plugins/app/announcements';
import type { PushOutcome, PushTarget } from './push/webPush';
import accounts from './plugins/app/accounts';
import announcements from './plugins/app/announcements';
import chanceToWin from './plugins/app/chanceToWin';
import communities from './plugins/app/communities';
import operators from './plugins/app/operators/index';
import operatorInvitations from './plugins/app/operatorInvitations';
import operatorSetup from './plugins/app/operatorSetup';
import operatorGate from './plugins/app/operatorGate';
import core from './plugins/app/core';
import dashboard from './plugins/app/dashboard';
import devices from './plugins/app/devices';
import earnActions from './plugins/app/earnActions';
import earnQr from './plugins/app/earnQr';
import housekeeping from './plugins/app/housekeeping';
import images from './plugins/app/images';
import ledger from './plugins/app/ledger';
import oidc from './plugins/app/oidc';
import dataBackup, { type DataBackupOptions } from './plugins/app/dataBackup';
import draining from './plugins/app/draining';
import errorHandler, { mapError, sendError } from './plugins/app/errorHandler';
import passwords from './plugins/app/passwords';
import promos from './plugins/app/promos';
import questionnaires from './plugins/app/questionnaires';
import rateLimiter from './plugins/app/rateLimit';
import rewards from './plugins/app/rewards';
import sessions from './plugins/app/sessions';
import translations from './plugins/app/translations';
import trivia from './plugins/app/trivia';
import verification from './plugins/app/verification';
import dbPlugin from './plugins/external/db';
import cors from './plugins/external/cors';
import floodGuard from './plugins/external/floodGuard';
import formbody from './plugins/external/formbody';
import helmet from './plugins/external/helmet';
import mail from './plugins/external/mail';
import openapi, { type ContractViolation } from './plugins/external/openapi';
import operations from './plugins/external/operations';
import routeTable from './plugins/external/routeTable';
import staticFiles, { MAX_PARAM_LENGTH } from './plugins/external/static';
import { createHandlers, SELF_AUTHENTICATING } from './routes/index';

export type { ContractViolation } from './plugins/external/openapi';

export interface AppOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  config: Config;
  /** Where log lines go when `config.logFormat` is not off (default stdout); tests collect them. */
  logSink?: LogSink;
  /** The clock (tests move time with it); default: the real one. */
  now?: () => Date;
  /** Tests: called for every JSON response that does not match its openapi.yaml response schema. */
  onContractViolation?: (violation: ContractViolation) => void;
  /** Tests: an already parsed openapi document instead of ./openapi.yaml. */
  specification?: Record<string, unknown>;
  /** Tests: the push queue's timings (retries, leases). */
  push?: Partial<PushOptions>;
  /** Tests: send pushes with this instead of the network. */
  pushSend?: (target: PushTarget, payload: string) => Promise<PushOutcome>;
  /** Tells a Chance to Win draw's winners; default: logged (see server/contests/runDraws.ts). */
  notifyWinners?: NotifyWinners;
  /** PGlite in a folder: the backup route for the operator CLI on this machine (plugins/app/dataBackup.ts). */
  backup?: DataBackupOptions;
}

/** Builds the whole server (API + PWA) without listening; the caller owns db and mailer. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: loggerOptions(config.logFormat, opts.logSink),
    // One id per request on every log line and in the X-Request-Id response header.
    genReqId: requestId,
    logController: new LogController({ disableRequestLogging: config.logFormat !== 'json' }),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Requests that arrive while the server closes are answered by the draining plugin, in the envelope.
    return503OnClosing: false,
    // A plugin that waits on a slow database at start (a busy host, a far PostgreSQL) is not a
    // failed start: Fastify's 10 s default gave up on two cores shared with other work.
    pluginTimeout: 120_000,
    // JSON bodies: refuse prototype poisoning outright.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // What Node's HTTP parser refuses (over-long headers or URL, unknown methods): the envelope too.
    clientErrorHandler,
    // Errors the router raises before any route runs (a bad %-escape, an over-long path parameter).
    frameworkErrors: (error, _request, reply) => {
      const mapped = mapError(error) ?? { status: 400, code: 'VALIDATION_ERROR', message: 'The request is malformed.' };
      void sendError(reply, { ...mapped, message: mapped.status < 500 ? mapped.message : 'The request is malformed.' });
    },
  });

  // The per-request hooks are callback-style (no promise per hook and request: they are on every call's path).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  logServerErrors(app, config.logFormat);
  await app.register(errorHandler);
  await app.register(draining);
  await app.register(routeTable);
  await app.register(core, { config, now: opts.now ?? (() => new Date()) });
  await app.register(dbPlugin, { db: opts.db });
  await app.register(mail, { mailer: opts.mailer });

  await app.register(helmet, { https: config.publicUrl.startsWith('https:') });
  await app.register(cors, { origins: config.corsOrigins });
  await app.register(formbody, { bodyLimit: config.bodyLimitBytes });
  await app.register(floodGuard, { limit: config.rateLimits.requestsPerAddress });
  await app.register(operations);
  if (opts.backup) await app.register(dataBackup, opts.backup);

  await app.register(rateLimiter);
  await app.register(sessions);
  await app.register(verification);
  await app.register(accounts);
  await app.register(passwords);
  await app.register(devices);
  await app.register(ledger);
  await app.register(rewards);
  await app.register(questionnaires);
  await app.register(promos);
  await app.register(earnActions);
  await app.register(earnQr);
  await app.register(dashboard);
  await app.register(communities);
  await app.register(oidc);
  await app.register(housekeeping);
  await app.register(announcements, { push: opts.push, send: opts.pushSend });
  await app.register(chanceToWin, { notifyWinners: opts.notifyWinners });
  await app.register(trivia);
  await app.register(operators);
  await app.register(operatorInvitations);
  await app.register(operatorSetup);
  await app.register(operatorGate);
  await app.register(translations);
  await app.register(images);

  await app.register(openapi, {
    handlers: createHandlers(app),
    selfAuthenticating: SELF_AUTHENTICATING,
    // Every operator API call refuses a member who runs no community before any id is looked up.
    tagGuards: { admin: app.requireOperator },
    specification: opts.specification,
    onContractViolation: opts.onContractViolation,
  });
  await app.register(staticFiles, { staticDir: config.staticDir });

  await app.ready();
  return app;
}
