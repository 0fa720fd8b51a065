import { closeSync, copyFileSync, existsSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { CliIo } from '../admin';
import { describeDatabaseUrl, type Config } from '../config';
import { isPgDumpArchive, isPgliteBackup } from '../db/backupArchive';
import { isDataDirLocked, readBackupKey, runningServer } from '../db/dataDirLock';
import { openDatabase } from '../db/index';
import { DataDirNotEmptyError, restorePgliteBackup } from '../db/pgliteRestore';
import { BACKUP_HANDOFF, BACKUP_KEY_HEADER, BACKUP_ROUTE } from '../plugins/app/dataBackup';
import { RefusedError, UsageError } from './context';
import { inspectDatabase, libpqTarget, PG_DUMP_FLAGS, PG_RESTORE_FLAGS, runPgTool } from './pgTools';

/**
 * `npm run admin -- backup` and `restore` (issue 46): a copy of the whole database while the
 * server runs and members write, and a new server's data from it. PGlite: the server holding
 * DATA_DIR takes the copy (only it may read the folder), asked with the key it keeps there, or
 * the CLI itself when no server runs. PostgreSQL: pg_dump and pg_restore.
 */

export const BACKUP_USAGE = `  backup [--out <file>] [--force]
      A copy of the whole database, taken while the server runs and members write: every write
      acknowledged before it is in it. PGlite (DATA_DIR): a gzipped archive of the data folder,
      taken by the server holding it (the CLI proves it can read DATA_DIR/pips.backup-key, so run
      it as the server's user on its machine), or by the CLI when no server runs. PostgreSQL
      (DATABASE_URL): pg_dump ${PG_DUMP_FLAGS.join(' ')}. The file is readable by you only (it holds
      every member's data). Default --out: pips-backup-<date>.tar.gz (PGlite) or .dump; --force
      overwrites an existing file.

  restore --from <file> [--force]
      Puts a backup into a new or empty place, then start the server on it as it is: PGlite into
      DATA_DIR (made if missing), PostgreSQL into the empty database of DATABASE_URL (pg_restore
      ${PG_RESTORE_FLAGS.join(' ')}). --force replaces what is there; refused while a server uses it.`;

const stamp = (now: Date) => now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
const size = (bytes: number) => (bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`);
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Where the backup goes: refused when the file exists (unless --force) or its folder does not. */
function outputPath(out: string | undefined, extension: string, force: boolean): string {
  const path = resolve(out ?? `pips-backup-${stamp(new Date())}${extension}`);
  if (!existsSync(dirname(path))) throw new RefusedError(`the folder of --out does not exist: ${dirname(path)}`);
  if (existsSync(path) && !force) throw new RefusedError(`${path} exists: choose another --out, or add --force to overwrite it`);
  return path;
}

/** A new empty file readable by its owner only, beside `path`, for a writer to fill before it takes the name. */
function privateTemp(path: string): string {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  rmSync(temp, { force: true });
  closeSync(openSync(temp, 'wx', 0o600));
  return temp;
}

/** Moves the file the server wrote into the data folder to `path` (a copy when it is on another disk). */
function takeHandoff(handed: string, path: string): void {
  try {
    renameSync(handed, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    const temp = privateTemp(path);
    copyFileSync(handed, temp);
    renameSync(temp, path);
    rmSync(handed, { force: true });
  }
}

/** Asks the server holding the PGlite folder for a backup; the file it wrote there goes to `path`. */
async function backupThroughServer(dataDir: string, server: { pid: number; url: string }, path: string): Promise<number> {
  let key: string;
  try {
    key = readBackupKey(dataDir);
  } catch (error) {
    throw new RefusedError(
      `cannot read ${join(resolve(dataDir), 'pips.backup-key')} (${(error as NodeJS.ErrnoException).code ?? error}): run the backup on the server's machine as the user it runs as`,
    );
  }
  let envelope: { status?: string; data?: { file: string; heldMs: number }; error?: { code: string; message: string } } | null;
  try {
    const response = await fetch(`${server.url}${BACKUP_ROUTE}`, { method: 'POST', headers: { [BACKUP_KEY_HEADER]: key } });
    envelope = (await response.json().catch(() => null)) as typeof envelope;
  } catch (error) {
    throw new RefusedError(`the server at ${server.url} (process ${server.pid}) does not answer (${error instanceof Error ? error.message : String(error)})`);
  }
  if (envelope?.status !== 'OK' || !envelope.data || !BACKUP_HANDOFF.test(envelope.data.file)) {
    throw new RefusedError(`the server refused the backup: ${envelope?.error ? `${envelope.error.message} (${envelope.error.code})` : 'no answer in the envelope'}`);
  }
  takeHandoff(join(dataDir, envelope.data.file), path);
  return envelope.data.heldMs;
}

/** The backup of a PGlite folder no server holds, taken by the CLI (which holds the folder meanwhile). */
async function backupHere(dataDir: string, path: string): Promise<void> {
  const database = await openDatabase({ dataDir }).catch((error: unknown) => {
    throw new RefusedError(error instanceof Error ? error.message : String(error));
  });
  const temp = privateTemp(path);
  try {
    await writeFile(temp, (await database.backup!()).file);
    await rename(temp, path);
  } finally {
    await rm(temp, { force: true });
    await database.close();
  }
}

async function backup(args: string[], config: Config, io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { out: { type: 'string' }, force: { type: 'boolean' } }, strict: true });
  const started = Date.now();
  let path: string;
  if (config.databaseUrl) {
    path = outputPath(values.out, '.dump', values.force ?? false);
    const { dbname, env } = libpqTarget(config.databaseUrl);
    const temp = privateTemp(path);
    try {
      await runPgTool('pg_dump', [...PG_DUMP_FLAGS, `--file=${temp}`, `--dbname=${dbname}`], { ...io.env, ...env }, io.err);
      await rename(temp, path);
    } finally {
      await rm(temp, { force: true });
    }
    io.out(`Backup of PostgreSQL at ${describeDatabaseUrl(config.databaseUrl)} written to ${path} (${size(statSync(path).size)}, ${seconds(started)}; pg_dump's custom format).`);
  } else {
    const dataDir = config.dataDir;
    if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new RefusedError(`${resolve(dataDir)} holds no PGlite database (set DATA_DIR to the server's folder)`);
    path = outputPath(values.out, '.tar.gz', values.force ?? false);
    const server = runningServer(dataDir);
    let how = 'no server was running';
    if (server) {
      const heldMs = await backupThroughServer(dataDir, server, path);
      how = `taken by the server (process ${server.pid}) while it runs; its requests waited ${(heldMs / 1000).toFixed(1)} s for the copy`;
    } else {
      await backupHere(dataDir, path);
    }
    io.out(`Backup of PGlite in ${resolve(dataDir)} written to ${path} (${size(statSync(path).size)}, ${seconds(started)}; ${how}).`);
  }
  io.out(`Restore it with: npm run admin -- restore --from ${path}  (into a new DATA_DIR or an empty DATABASE_URL database)`);
  return 0;
}

async function restore(args: string[], config: Config, io: CliIo): Promise<number> {
  const { values } = parseArgs({ args, options: { from: { type: 'string' }, force: { type: 'boolean' } }, strict: true });
  if (!values.from) throw new UsageError('restore needs --from <file> (a file of npm run admin -- backup)');
  const from = resolve(values.from);
  const file = await readFile(from).catch((error: NodeJS.ErrnoException) => {
    throw new RefusedError(`cannot read ${from} (${error.code ?? error.message})`);
  });
  const force = values.force ?? false;
  const started = Date.now();
  if (config.databaseUrl) {
    const where = describeDatabaseUrl(config.databaseUrl);
    if (!isPgDumpArchive(file)) {
      throw new RefusedError(`${from} is not a pg_dump archive${isPgliteBackup(file) ? ' (it is a PGlite backup: restore it with DATA_DIR set and DATABASE_URL unset)' : ''}`);
    }
    const { tables, otherSessions } = await inspectDatabase(config.databaseUrl);
    if (tables > 0 && !force) throw new RefusedError(`the database at ${where} is not empty (${tables} tables): restore into a new database (createdb), or add --force to replace it`);
    if (tables > 0 && otherSessions > 0) throw new RefusedError(`${otherSessions} other connections use the database at ${where} (a running server?): stop them first`);
    const { dbname, env } = libpqTarget(config.databaseUrl);
    await runPgTool('pg_restore', [...PG_RESTORE_FLAGS, ...(tables > 0 ? ['--clean', '--if-exists'] : []), `--dbname=${dbname}`, from], { ...io.env, ...env }, io.err);
    io.out(`Restored ${from} into PostgreSQL at ${where} (${seconds(started)}). Start the server with this DATABASE_URL.`);
    return 0;
  }
  const dataDir = resolve(config.dataDir);
  if (!isPgliteBackup(file)) {
    throw new RefusedError(`${from} is not a PGlite backup${isPgDumpArchive(file) ? ' (it is a pg_dump archive: restore it with DATABASE_URL set)' : ''}`);
  }
  const server = runningServer(dataDir);
  if (server || isDataDirLocked(dataDir)) {
    throw new RefusedError(`a process${server ? ` (the server, process ${server.pid})` : ''} holds ${dataDir}: stop it, or restore into a new DATA_DIR`);
  }
  try {
    await restorePgliteBackup(dataDir, file, { replace: force });
  } catch (error) {
    if (error instanceof DataDirNotEmptyError) throw new RefusedError(`${dataDir} ${error.message}: restore into a new DATA_DIR, or add --force to replace what is there`);
    throw new RefusedError(`cannot restore ${from} into ${dataDir}: ${error instanceof Error ? error.message : String(error)}`);
  }
  io.out(`Restored ${from} into PGlite in ${dataDir} (${seconds(started)}). Start the server with DATA_DIR=${dataDir}.`);
  return 0;
}

/** `backup` or `restore` (argv[0]); throws UsageError or RefusedError for the CLI's exit codes. */
export async function runBackupCommand(argv: string[], config: Config, io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (args.includes('--help')) {
    io.out(`Usage: npm run admin --\n${BACKUP_USAGE}`);
    return 0;
  }
  try {
    return name === 'backup' ? await backup(args, config, io) : await restore(args, config, io);
  } catch (error) {
    // parseArgs's own errors (an unknown option) are bad input.
    if (error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) throw new UsageError(`${name}: ${error.message}`);
    throw error;
  }
}
