import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
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
