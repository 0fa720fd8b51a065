import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../../server/app';
import { archivePaths } from '../../../../server/db/backupArchive';
import { announceServer, writeBackupKey } from '../../../../server/db/dataDirLock';
import { migrateToLatest, openDatabase, type OpenedDatabase } from '../../../../server/db/index';
import { createMemoryMailer } from '../../../../server/mail/memoryMailer';
import { call, testConfig } from '../../helpers/harness';
import { migratedPgliteTemplate } from '../../helpers/pgliteTemplate';

const KEY = 'k3y-of-the-data-folder-0123456789abcdefghijk';

/**
 * The backup route of a server on a PGlite folder (POST /control/backup, issue 46): only a caller
 * on this machine, not through a proxy, with the key of the data folder gets a backup; every
 * refusal is a 403 in the envelope. The backup under writes, restored, is test/server/backup.test.ts.
 */
describe('the backup route (PGlite in a folder)', () => {
  let dataDir: string;
  let database: OpenedDatabase;
  let app: FastifyInstance;
  const removals: (() => void)[] = [];
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pips-backup-route-'));
    database = await openDatabase({ dataDir, loadDataDir: await migratedPgliteTemplate() });
    await migrateToLatest(database.db);
    app = await buildApp({ db: database.db, mailer: createMemoryMailer(), config: testConfig(), backup: { dataDir, key: KEY, backup: database.backup! } });
    removals.push(writeBackupKey(dataDir, KEY), announceServer(dataDir, 'http://127.0.0.1:9'));
  }, 120_000);
  afterAll(async () => {
    for (const remove of removals) remove();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps its key readable by its owner only', () => {
    expect(statSync(join(dataDir, 'pips.backup-key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dataDir, 'pips.backup-key'), 'utf8')).toBe(KEY);
  });

  it('refuses, 403 in the envelope: no key, a wrong key, another machine, a request through a proxy', async () => {
    const refusals = [
      await call(app, { method: 'POST', url: '/control/backup' }),
      await call(app, { method: 'POST', url: '/control/backup', headers: { 'x-pips-backup-key': `${KEY}x` } }),
      await call(app, { method: 'POST', url: '/control/backup', headers: { 'x-pips-backup-key': KEY }, remoteAddress: '192.168.1.20' }),
      await call(app, { method: 'POST', url: '/control/backup', headers: { 'x-pips-backup-key': KEY }, remoteAddress: '::ffff:10.0.0.8' }),
      await call(app, { method: 'POST', url: '/control/backup', headers: { 'x-pips-backup-key': KEY, 'x-forwarded-for': '203.0.113.9' } }),
      await call(app, { method: 'POST', url: '/control/backup', headers: { 'x-pips-backup-key': KEY, forwarded: 'for=203.0.113.9' } }),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ status: 'ERROR', success: false, data: null, error: { code: 'FORBIDDEN' } });
      expect(answer.headers['x-request-id']).toBeTruthy();
    }
    expect(refusals.map((a) => a.body.error.message)).toEqual([
      'The backup key does not match the one in the data folder (pips.backup-key).',
      'The backup key does not match the one in the data folder (pips.backup-key).',
      "Backups are taken by the operator CLI on the server's own machine only (npm run admin -- backup).",
      "Backups are taken by the operator CLI on the server's own machine only (npm run admin -- backup).",
      "Backups are taken by the operator CLI on the server's own machine only (npm run admin -- backup).",
      "Backups are taken by the operator CLI on the server's own machine only (npm run admin -- backup).",
    ]);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('pips.backup-') && name.endsWith('.tar.gz'))).toEqual([]);
  });

  it('with the key, from this machine: writes the backup into the data folder (0600), without pips files, and names it', async () => {
    const answer = await call(app, { method: 'POST', url: '/control/backup', headers: { 'x-pips-backup-key': KEY } });
    expect(answer.status).toBe(200);
    expect(answer.body.status).toBe('OK');
    const file = join(dataDir, answer.body.data.file as string);
    expect(answer.body.data.file).toMatch(/^pips\.backup-[a-f0-9]{16}\.tar\.gz$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(file).size).toBe(answer.body.data.bytes);
    const paths = archivePaths(gunzipSync(readFileSync(file)));
    expect(paths).toContain('PG_VERSION');
    expect(paths.some((path) => path.startsWith('base/'))).toBe(true);
    // The folder holds the lock, the server's address and key: none of them is in the copy.
    expect(readdirSync(dataDir).filter((name) => ['pips.lock', 'pips.server', 'pips.backup-key'].includes(name))).toHaveLength(3);
    expect(paths.filter((path) => path.startsWith('pips.'))).toEqual([]);
    rmSync(file);
  });
});
