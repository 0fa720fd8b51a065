import { closeSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite keeps its data in one folder that only one process may open: a second one (the
 * operator CLI while the server runs, or a second server) would corrupt it. The first process
 * writes its pid into `<dataDir>/pips.lock`; a later one refuses with a clear message while
 * that process is alive, and takes over a lock left behind by a process that is gone.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'pips.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8').trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `the PGlite database in ${dataDir} is in use by process ${holder} (a running pips server?). ` +
            'Stop it first, or set DATABASE_URL to a PostgreSQL server, which many processes can share.',
          { cause: error },
        );
      }
      rmSync(file, { force: true }); // left behind by a process that is gone
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What a running server on a PGlite folder tells the operator CLI: where it listens (issue 14). */
export interface RunningServer {
  pid: number;
  /** A loopback URL of the server (what the CLI calls). */
  url: string;
}

const SERVER_FILE = 'pips.server';

/**
 * Tells the CLI where the server holding `dataDir` listens (`<dataDir>/pips.server`), so
 * `npm run admin` goes through it instead of refusing the locked folder; gone when the process exits.
 */
export function announceServer(dataDir: string, url: string): () => void {
  const file = join(dataDir, SERVER_FILE);
  writeFileSync(file, JSON.stringify({ pid: process.pid, url } satisfies RunningServer));
  const remove = () => rmSync(file, { force: true });
  process.once('exit', remove);
  return remove;
}

/** The server announced in `dataDir` while its process lives; undefined otherwise. */
export function runningServer(dataDir: string): RunningServer | undefined {
  let found: Partial<RunningServer>;
  try {
    found = JSON.parse(readFileSync(join(dataDir, SERVER_FILE), 'utf8')) as Partial<RunningServer>;
  } catch {
    return undefined;
  }
  if (typeof found.pid !== 'number' || typeof found.url !== 'string' || !isAlive(found.pid)) return undefined;
  return { pid: found.pid, url: found.url };
}

/** A URL the machine itself reaches a server on, from the address it listens on (0.0.0.0 and :: become loopback). */
export function loopbackUrl(address: string): string {
  return address.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//[::1]:');
}
