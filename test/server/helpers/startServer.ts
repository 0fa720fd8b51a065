import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../../../server/app';
import type { Config } from '../../../server/config';
import type { Database } from '../../../server/db/schema';
import type { Mailer } from '../../../server/mail/mailer';
import { testConfig } from './harness';

export interface StartServerOptions {
  /** A migrated database (see ./databases.ts or server/db openDatabase + migrateToLatest). */
  db: Kysely<Database>;
  mailer: Mailer;
  /**
   * A full Config, or overrides of the test config (cheap scrypt, per-address limits off,
   * staticDir '/nonexistent/pips-dist'). When publicUrl is not given it becomes the server's own URL,
   * so mailed links point at it.
   */
  config?: Config | Parameters<typeof testConfig>[0];
  now?: () => Date;
}

export interface StartedServer {
  /** e.g. http://127.0.0.1:43117 (no trailing slash) */
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

const isFullConfig = (value: unknown): value is Config =>
  typeof value === 'object' && value !== null && 'rateLimits' in value && 'scryptCost' in value && 'port' in value &&
  'accessTokenTtlSeconds' in value && typeof (value as Config).rateLimits.loginPerAccount === 'object';

/** A real server listening on 127.0.0.1 on a free port (for e2e and socket-level tests). */
export async function startServer(options: StartServerOptions): Promise<StartedServer> {
  const explicitPublicUrl = options.config !== undefined && 'publicUrl' in options.config && options.config.publicUrl !== undefined;
  const config = isFullConfig(options.config) ? options.config : testConfig(options.config ?? {});
  const app = await buildApp({ db: options.db, mailer: options.mailer, config, now: options.now });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  if (!explicitPublicUrl) config.publicUrl = url;
  return { url, app, close: () => app.close() };
}
