import { closeSync, openSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * PGlite keeps its data in one folder that only one process may open: a second one (the
 * operator CLI while the server runs, or a second server) would corrupt it. The first process
 * writes who it is into `<dataDir>/pips.lock`; a later one refuses with a clear message while
 * that process holds the folder, and takes over a lock left behind by a process that is gone.
 *
 * "Who" is the pid, the machine and its boot, and the folder itself (device and inode): a lock
 * copied with the folder (`cp -r data copy`, a restore) names another folder, and a lock from
 * before a reboot another boot, so neither stops a server while its pid happens to be alive.
 */

/** The files pips keeps in a PGlite data folder besides PostgreSQL's (never part of a backup). */
export const OWN_FILE_PREFIX = 'pips.';

const LOCK_FILE = 'pips.lock';
const SERVER_FILE = 'pips.server';
const BACKUP_KEY_FILE = 'pips.backup-key';

/** This process, on this machine since its last boot, in this very folder. */
interface Holder {
  pid: number;
  host: string;
  /** Linux's boot id (absent elsewhere). */
  boot?: string;
  /** `<device>:<inode>` of the folder. */
  folder: string;
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function folderId(dataDir: string): string {
  const stat = statSync(dataDir, { bigint: true });
  return `${stat.dev}:${stat.ino}`;
}

function me(dataDir: string): Holder {
  return { pid: process.pid, host: hostname(), boot: bootId(), folder: folderId(dataDir) };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a recorded holder is a live process holding this folder now. A record of an older
 * version (a bare pid, no identity) counts while its pid lives, as it did then.
 */
function holdsNow(record: Partial<Holder>, dataDir: string): boolean {
  if (typeof record.pid !== 'number' || !isAlive(record.pid)) return false;
  if (record.host === undefined && record.folder === undefined) return true;
  return record.host === hostname() && record.boot === bootId() && record.folder === folderId(dataDir);
}

function readLock(file: string): Partial<Holder> {
  const text = readFileSync(file, 'utf8').trim();
  if (/^\d+$/.test(text)) return { pid: Number(text) };
  try {
    return JSON.parse(text) as Partial<Holder>;
  } catch {
    return {}; // a torn write of a process that died: nobody holds it
  }
}

/** Takes the folder for this process (refused while another holds it); returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify(me(dataDir)));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        rmSync(file, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(file);
      if (holder.pid !== process.pid && holdsNow(holder, dataDir)) {
        throw new Error(
          `the PGlite database in ${dataDir} is in use by process ${holder.pid} (a running pips server?). ` +
            'Stop it first, or set DATABASE_URL to a PostgreSQL server, which many processes can share.',
          { cause: error },
        );
      }
      rmSync(file, { force: true }); // left behind by a process that is gone, or copied from another folder
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

/** Whether a live process (a server, or the CLI) holds the folder now. */
export function isDataDirLocked(dataDir: string): boolean {
  try {
    return holdsNow(readLock(join(dataDir, LOCK_FILE)), dataDir);
  } catch {
    return false;
  }
}

/** What a running server on a PGlite folder tells the operator CLI: where it listens (issue 14). */
export interface RunningServer {
  pid: number;
  /** A loopback URL of the server (what the CLI calls). */
  url: string;
}

/**
 * Tells the CLI where the server holding `dataDir` listens (`<dataDir>/pips.server`), so
 * `npm run admin` goes through it instead of refusing the locked folder; gone when the process exits.
 */
export function announceServer(dataDir: string, url: string): () => void {
  const file = join(dataDir, SERVER_FILE);
  writeFileSync(file, JSON.stringify({ ...me(dataDir), url }));
  const remove = () => {
    process.off('exit', remove);
    rmSync(file, { force: true });
  };
  process.once('exit', remove);
  return remove;
}

/** The server announced in `dataDir` while it holds that folder (not a copy's stale announcement); undefined otherwise. */
export function runningServer(dataDir: string): RunningServer | undefined {
  let found: Partial<Holder & RunningServer>;
  try {
    found = JSON.parse(readFileSync(join(dataDir, SERVER_FILE), 'utf8')) as Partial<Holder & RunningServer>;
  } catch {
    return undefined;
  }
  if (typeof found.url !== 'string' || !holdsNow(found, dataDir)) return undefined;
  return { pid: found.pid!, url: found.url };
}

/**
 * The key that asks the server holding `dataDir` for a backup (`<dataDir>/pips.backup-key`,
 * readable by the server's user only): whoever can read it controls the data folder anyway.
 * Written anew at each start; gone when the process exits.
 */
export function writeBackupKey(dataDir: string, key: string): () => void {
  const file = join(dataDir, BACKUP_KEY_FILE);
  // A key left by a killed server may have other permissions: the file is made anew, 0600.
  rmSync(file, { force: true });
  writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
  const remove = () => {
    process.off('exit', remove);
    rmSync(file, { force: true });
  };
  process.once('exit', remove);
  return remove;
}

/** The backup key of the server holding `dataDir`; throws (EACCES) when this user may not read it. */
export function readBackupKey(dataDir: string): string {
  return readFileSync(join(dataDir, BACKUP_KEY_FILE), 'utf8').trim();
}

/** A URL the machine itself reaches a server on, from the address it listens on (0.0.0.0 and :: become loopback). */
export function loopbackUrl(address: string): string {
  return address.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:');
}

/** The file a server with no operator writes its setup token to (issue 49), readable by its owner only. */
export const SETUP_TOKEN_FILE = 'setup-token.txt';

/** Writes the setup token to the data folder, 0600 (a file left by an earlier start is replaced). */
export function writeSetupToken(dataDir: string, token: string): string {
  const file = join(dataDir, SETUP_TOKEN_FILE);
  rmSync(file, { force: true });
  writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
  return file;
}

/** Removes the setup token's file once it is used up (nothing to do when there is none). */
export function removeSetupToken(dataDir: string): void {
  try {
    rmSync(join(dataDir, SETUP_TOKEN_FILE), { force: true });
  } catch {
    // a folder that is not one (a database URL): nothing was written there
  }
}
