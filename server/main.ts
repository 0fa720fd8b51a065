import { randomBytes } from 'node:crypto';
import { buildApp } from './app';
import { loadConfig } from './config';
import { ensureDemoContent, ensureDemoContest } from './db/demoContent';
import { migrateToLatest, openDatabase } from './db/index';
import { announceServer, loopbackUrl, writeBackupKey, writeSetupToken } from './db/dataDirLock';
import { earnQrLink } from './db/repositories/earnQrCodes';
import { ensureDemoCommunity } from './db/repositories/communities';
import { createMailer } from './mail/index';
import { setupCommand, setupLink } from './plugins/app/operatorSetup';
import { explainStartFailure, type StartPhase } from './startFailure';

/** What main() was doing, for the message when it fails. */
let phase: StartPhase = 'config';
let where: { host: string; port: number; databaseUrl?: string; dataDir?: string } = { host: '127.0.0.1', port: 8080 };

/**
 * Starts pips: reads the environment, opens and migrates the database, makes sure a demo
 * community (with demo promos, rewards, a questionnaire and an earn QR code) exists, and serves
 * the API and the built PWA on one port.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  where = { host: config.host, port: config.port, databaseUrl: config.databaseUrl, dataDir: config.dataDir };
  phase = 'database';
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  // The first query (PostgreSQL connects on it) is the migrations'.
  await migrateToLatest(database.db);
  phase = 'setup';
  const demo = await ensureDemoCommunity(database.db);
  const demoContent = await ensureDemoContent(database.db, demo.id);
  await ensureDemoContest(database.db, demo.id);
  const mailer = createMailer(config);
  // PGlite in a folder: the operator CLI on this machine asks this server for backups (with the key it writes there).
  const onDisk = database.backup && !config.dataDir.includes('://');
  const backupKey = randomBytes(32).toString('base64url');
  const backup = onDisk ? { dataDir: config.dataDir, key: backupKey, backup: database.backup! } : undefined;
  const app = await buildApp({ db: database.db, mailer, config, backup });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`pips: ${signal} received, finishing the requests in flight and closing the database...`);
    try {
      // Requests from now on get 503 SERVICE_UNAVAILABLE (Retry-After) and each answer closes its
      // connection; once the clients have gone, close() stops listening and waits for the rest.
      await app.drain();
      await app.close();
      await mailer.close?.();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  phase = 'listen';
  const address = await app.listen({ port: config.port, host: config.host }).catch(async (error: unknown) => {
    // The app's timers stop and the database closes (PGlite's folder freed) before the process ends.
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  });
  // The operator CLI finds the server holding the PGlite folder here, and goes through its API.
  if (onDisk) {
    writeBackupKey(config.dataDir, backupKey);
    announceServer(config.dataDir, loopbackUrl(address));
  }
  const storage = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  const mail = config.smtpUrl ? `SMTP ${new URL(config.smtpUrl).host}` : 'console outbox (set SMTP_URL to send real mail)';
  console.log(`Database: ${storage}. Mail: ${mail}.`);
  const signIn = config.oidcProviders.map((p) => `${p.name} (${p.issuer})`).join(', ');
  console.log(`Google / Apple sign-in: ${signIn || 'off (set OIDC_GOOGLE_CLIENT_ID and OIDC_GOOGLE_CLIENT_SECRET, or the OIDC_APPLE_ ones)'}.`);
  console.log(`Demo community "${demo.name}": join at ${config.publicUrl}/community-scan?communityId=${demo.id}`);
  if (demoContent.earnQrCode) {
    console.log(`Demo earn QR code: ${earnQrLink(config.publicUrl, demoContent.earnQrCode)}`);
  }
  // No operator yet: a one-time token sets up the first community and its owner, server running.
  const setupToken = await app.operatorSetup.issueIfNoOperator();
  if (setupToken) {
    const file = onDisk ? writeSetupToken(config.dataDir, setupToken) : null;
    console.log(`No operator yet. Set up your community in the browser (the link works once, for 24 hours${file ? `; its token is also in ${file}` : ''}):`);
    console.log(`  ${setupLink(config.publicUrl, setupToken)}`);
    console.log(`or with the CLI:  ${setupCommand(setupToken)}`);
  }
  console.log(`pips is running at ${config.publicUrl} (listening on ${address})`);
}

main().catch((error: unknown) => {
  console.error(`pips could not start: ${explainStartFailure(error, phase, where)}`);
  process.exit(1);
});
