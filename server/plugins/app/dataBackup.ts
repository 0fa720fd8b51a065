import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ok } from '../../envelope';
import { AppError } from '../../errors';

export interface DataBackupOptions {
  /** The PGlite data folder the server holds. */
  dataDir: string;
  /** The key written in `<dataDir>/pips.backup-key` (mode 0600) at start. */
  key: string;
  /** A consistent backup file of the database (see OpenedDatabase.backup). */
  backup: () => Promise<{ file: Buffer; heldMs: number }>;
}

/** The route, outside the API's prefixes and its contract (openapi.yaml): for the operator CLI on this machine only. */
export const BACKUP_ROUTE = '/control/backup';
/** The header that carries the backup key. */
export const BACKUP_KEY_HEADER = 'x-pips-backup-key';
/** What the server names the backup files it writes into the data folder for the CLI to take. */
export const BACKUP_HANDOFF = /^pips\.backup-[a-f0-9]{16}\.tar\.gz$/;

/** Whether a socket's peer is this machine (IPv4 127/8, IPv6 ::1, and IPv4-mapped 127/8). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

/** Headers a proxy adds: a request that carries one came from elsewhere, even when the proxy runs here. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'via'];

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `POST /control/backup` (issue 46): the server holding a PGlite folder is the only process that
 * may read it, so a backup while it runs and members write is taken by the server itself. Who may
 * ask: whoever can read `<dataDir>/pips.backup-key` (0600, the server's user), i.e. someone who
 * controls the machine's data, never an operator over the public API (a whole-database copy holds
 * every community's members). The caller must be on this machine (the socket's peer is loopback,
 * and no proxy header: a reverse proxy here connects from loopback too) and send the key. The
 * server writes the file into the data folder (0600) and answers its name in the envelope; the
 * CLI moves it where the operator asked. Every refusal is a 403 in the envelope.
 */
export default fp<DataBackupOptions>(
  async (app, { dataDir, key, backup }) => {
    // A file a CLI never took (it was stopped on the way) goes at the next start.
    for (const name of await readdir(dataDir)) if (BACKUP_HANDOFF.test(name)) await rm(join(dataDir, name), { force: true });
    const expected = digest(key);
    const refuse = (message: string) => new AppError('FORBIDDEN', 403, message);
    const check = (request: FastifyRequest) => {
      if (!isLoopbackAddress(request.socket.remoteAddress) || PROXY_HEADERS.some((name) => request.headers[name] !== undefined)) {
        throw refuse('Backups are taken by the operator CLI on the server\'s own machine only (npm run admin -- backup).');
      }
      const given = request.headers[BACKUP_KEY_HEADER];
      if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
        throw refuse('The backup key does not match the one in the data folder (pips.backup-key).');
      }
    };

    app.post(BACKUP_ROUTE, async (request, reply) => {
      check(request);
      reply.header('cache-control', 'no-store');
      const { file, heldMs } = await backup();
      const name = `pips.backup-${randomBytes(8).toString('hex')}.tar.gz`;
      await writeFile(join(dataDir, name), file, { mode: 0o600, flag: 'wx' });
      request.log.info({ bytes: file.length, heldMs }, 'backup written');
      // heldMs: how long the other requests waited for the database while PGlite copied its folder.
      return ok({ file: name, bytes: file.length, heldMs });
    });
  },
  { name: 'dataBackup', dependencies: ['errorHandler'] },
);
