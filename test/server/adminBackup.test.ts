import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../server/admin';
import { migrateToLatest, openDatabase } from '../../server/db/index';
import { ensureDemoCommunity } from '../../server/db/repositories/communities';
import { runsOn } from './helpers/databases';
import { migratedPgliteTemplate } from './helpers/pgliteTemplate';
import { adminQuery } from './helpers/postgresRaces';

const root = fileURLToPath(new URL('../..', import.meta.url));
const url = process.env.TEST_DATABASE_URL;

/** `npm run admin -- <args>` in this process with `env`; its exit code and what it printed. */
async function admin(env: Record<string, string>, args: string[]): Promise<{ code: number; output: string }> {
  let output = '';
  const print = (line: string) => (output += `${line}\n`);
  const code = await main(args, { env: { ...process.env, DATABASE_URL: '', ...env }, out: print, err: print });
  return { code, output };
}

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
const databases: string[] = [];
afterAll(async () => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  for (const name of databases) await adminQuery(url!, `drop database if exists ${name} with (force)`);
});

/** Another process that holds `dir` as a server would (its lock), until killed. */
async function holder(dir: string): Promise<ChildProcess> {
  const code = `import('./server/db/dataDirLock.ts').then((m) => { m.lockDataDir(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000); })`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('held') && resolve());
    child.once('exit', (c) => reject(new Error(`the holder exited (${c})`)));
  });
  return child;
}

/** The demo community's id, read from a place's data. */
async function communityIds(options: Parameters<typeof openDatabase>[0]): Promise<string[]> {
  const { db, close } = await openDatabase(options);
  try {
    return (await db.selectFrom('communities').select('id').orderBy('id').execute()).map((row) => row.id);
  } finally {
    await close();
  }
}

describe.skipIf(!runsOn('pglite'))('the CLI on a DATA_DIR that holds no database', () => {
  it('refuses a folder with no database unless --create, and a file in one line', { timeout: 120_000 }, async () => {
    const typo = join(tempDir('pips-cli-typo-'), 'dat');
    const refused = await admin({ DATA_DIR: typo }, ['community:list']);
    expect(refused.code).toBe(2);
    expect(refused.output).toContain(`${typo} holds no pips database. If your server keeps its data elsewhere, set DATA_DIR to that folder; to make a new, empty database here, add --create.`);
    expect(existsSync(typo)).toBe(false);
    const empty = tempDir('pips-cli-empty-');
    expect((await admin({ DATA_DIR: empty }, ['community:list'])).code).toBe(2);
    expect(existsSync(join(empty, 'PG_VERSION'))).toBe(false);

    const made = await admin({ DATA_DIR: typo }, ['community:create', '--name', 'Riverside Runners', '--create']);
    expect(made.code).toBe(0);
    expect(made.output).toContain('making a new, empty database');
    expect(made.output).toContain('Riverside Runners');
    // Once it holds one, no --create is needed.
    expect(await admin({ DATA_DIR: typo }, ['community:list'])).toMatchObject({ code: 0, output: expect.stringContaining('Riverside Runners') });

    const file = join(tempDir('pips-cli-file-'), 'pips.db');
    writeFileSync(file, 'not a folder');
    const onFile = await admin({ DATA_DIR: file }, ['community:list', '--create']);
    expect(onFile.code).toBe(2);
    expect(onFile.output).toContain(`Error: DATA_DIR (${file}) is a file, not a folder.`);
    expect(onFile.output).not.toMatch(/EEXIST|ENOTDIR|at .*\.ts/);
  });
});

describe.skipIf(!runsOn('pglite'))('backup and restore on PGlite, what the CLI refuses', () => {
  it('backs up a folder no server holds, and restores only into a new, empty or --force folder nobody holds', { timeout: 300_000 }, async () => {
    const source = tempDir('pips-cli-source-');
    const made = await openDatabase({ dataDir: source, loadDataDir: await migratedPgliteTemplate() });
    await migrateToLatest(made.db);
    await ensureDemoCommunity(made.db);
    await made.close();
    const expected = await communityIds({ dataDir: source });

    expect(await admin({ DATA_DIR: tempDir('pips-cli-nothing-') }, ['backup'])).toMatchObject({ code: 1, output: expect.stringContaining('holds no PGlite database') });

    const file = join(tempDir('pips-cli-out-'), 'backup.tar.gz');
    const backup = await admin({ DATA_DIR: source }, ['backup', '--out', file]);
    expect(backup.output).toContain('no server was running');
    expect(backup.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(join(source, 'pips.lock'))).toBe(false);
    expect(await admin({ DATA_DIR: source }, ['backup', '--out', file])).toMatchObject({ code: 1, output: expect.stringContaining('exists: choose another --out, or add --force') });
    expect((await admin({ DATA_DIR: source }, ['backup', '--out', file, '--force'])).code).toBe(0);

    // Where it may not go: the source itself (not empty), a folder a process holds, a file that is no backup.
    expect(await admin({ DATA_DIR: source }, ['restore', '--from', file])).toMatchObject({ code: 1, output: expect.stringMatching(/is not empty \(.*\): restore into a new DATA_DIR, or add --force/) });
    const held = tempDir('pips-cli-held-');
    const child = await holder(held);
    try {
      expect(await admin({ DATA_DIR: held }, ['restore', '--from', file, '--force'])).toMatchObject({ code: 1, output: expect.stringContaining(`holds ${held}`) });
    } finally {
      child.kill();
    }
    const notBackup = join(tempDir('pips-cli-junk-'), 'notes.txt');
    writeFileSync(notBackup, 'not a backup');
    expect(await admin({ DATA_DIR: tempDir('pips-cli-new-') }, ['restore', '--from', notBackup])).toMatchObject({ code: 1, output: expect.stringContaining('is not a PGlite backup') });
    expect((await admin({ DATA_DIR: tempDir('pips-cli-new-') }, ['restore'])).code).toBe(2);

    // A new folder (made), and a folder with something in it when told to replace it.
    const fresh = join(tempDir('pips-cli-parent-'), 'data');
    expect(await admin({ DATA_DIR: fresh }, ['restore', '--from', file])).toMatchObject({ code: 0, output: expect.stringContaining(`into PGlite in ${fresh}`) });
    expect(await communityIds({ dataDir: fresh })).toEqual(expected);
    const replaced = tempDir('pips-cli-replaced-');
    mkdirSync(join(replaced, 'old'));
    writeFileSync(join(replaced, 'old', 'notes.txt'), 'old');
    expect((await admin({ DATA_DIR: replaced }, ['restore', '--from', file])).code).toBe(1);
    expect((await admin({ DATA_DIR: replaced }, ['restore', '--from', file, '--force'])).code).toBe(0);
    expect(existsSync(join(replaced, 'old'))).toBe(false);
    expect(await communityIds({ dataDir: replaced })).toEqual(expected);

    if (url) {
      expect(await admin({ DATABASE_URL: url }, ['restore', '--from', file])).toMatchObject({ code: 1, output: expect.stringContaining('it is a PGlite backup: restore it with DATA_DIR set and DATABASE_URL unset') });
    }
  });
});

describe.skipIf(!runsOn('postgres'))('backup and restore on PostgreSQL, what the CLI refuses', () => {
  it('runs pg_dump and pg_restore without showing the password, and restores only into an empty database nobody uses', { timeout: 300_000 }, async () => {
    const name = `pips_cli_${randomBytes(5).toString('hex')}`;
    const target = `pips_cli_${randomBytes(5).toString('hex')}`;
    databases.push(name, target);
    await adminQuery(url!, `create database ${name}`);
    await adminQuery(url!, `create database ${target}`);
    const at = (database: string) => {
      const where = new URL(url!);
      where.pathname = `/${database}`;
      return where;
    };
    const made = await openDatabase({ url: at(name).href });
    await migrateToLatest(made.db);
    await ensureDemoCommunity(made.db);
    await made.close();
    const expected = await communityIds({ url: at(name).href });

    // A password in DATABASE_URL (the test server trusts local connections, so any will do): never printed.
    const secret = `Pw-${randomBytes(6).toString('hex')}`;
    const withPassword = at(name);
    withPassword.username = withPassword.username || 'postgres';
    withPassword.password = secret;
    const file = join(tempDir('pips-cli-pgout-'), 'backup.dump');
    const backup = await admin({ DATABASE_URL: withPassword.href }, ['backup', '--out', file]);
    expect(backup.output).toContain(`written to ${file}`);
    expect(backup.output).not.toContain(secret);
    expect(backup.code).toBe(0);
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('PGDMP');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await admin({ DATABASE_URL: url!, PATH: '/nonexistent' }, ['backup', '--out', `${file}.2`])).toMatchObject({ code: 1, output: expect.stringContaining('pg_dump is not installed') });

    expect(await admin({ DATABASE_URL: at(name).href }, ['restore', '--from', file])).toMatchObject({ code: 1, output: expect.stringContaining('is not empty') });
    const session = new pg.Client({ connectionString: at(name).href });
    await session.connect();
    try {
      expect(await admin({ DATABASE_URL: at(name).href }, ['restore', '--from', file, '--force'])).toMatchObject({ code: 1, output: expect.stringContaining('other connections use the database') });
    } finally {
      await session.end();
    }
    const targetWithPassword = at(target);
    targetWithPassword.username = targetWithPassword.username || 'postgres';
    targetWithPassword.password = secret;
    const restore = await admin({ DATABASE_URL: targetWithPassword.href }, ['restore', '--from', file]);
    expect(restore.output).not.toContain(secret);
    expect(restore.code).toBe(0);
    expect(await communityIds({ url: at(target).href })).toEqual(expected);
    expect((await admin({ DATABASE_URL: at(name).href }, ['restore', '--from', file, '--force'])).code).toBe(0);
    expect(await communityIds({ url: at(name).href })).toEqual(expected);
  });
});
