import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { readPgliteBackup } from './backupArchive';
import { lockDataDir, OWN_FILE_PREFIX } from './dataDirLock';

/** The folder holds a database or other files, and the restore was not told to replace them. */
export class DataDirNotEmptyError extends Error {
  constructor(readonly entries: string[]) {
    super(`it is not empty (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', ...' : ''})`);
    this.name = 'DataDirNotEmptyError';
  }
}

/**
 * Loads a PGlite backup file (`npm run admin -- backup`) into `dataDir`, a new or empty folder
 * (with `replace`, whatever is in it goes first), under the folder's lock the whole time: a server
 * that starts meanwhile is refused. PGlite writes the data folder from the archive (its own
 * `loadDataDir`) and opens it once; a server then starts on the folder as it is. Throws when the
 * file is not a PGlite backup, when a process holds the folder, or DataDirNotEmptyError.
 */
export async function restorePgliteBackup(dataDir: string, file: Uint8Array, { replace }: { replace: boolean }): Promise<void> {
  const archive = await readPgliteBackup(file);
  await mkdir(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  try {
    const present = (await readdir(dataDir)).filter((name) => name !== 'pips.lock');
    const theirs = present.filter((name) => !name.startsWith(OWN_FILE_PREFIX));
    if (theirs.length > 0 && !replace) throw new DataDirNotEmptyError(theirs);
    for (const name of present) await rm(join(dataDir, name), { recursive: true, force: true });
    const pglite = await PGlite.create(dataDir, { loadDataDir: new Blob([new Uint8Array(archive)]) });
    try {
      // PostgreSQL replays the copy's log to its last checkpoint and commit here, once.
      await pglite.query('select 1');
    } finally {
      await pglite.close();
    }
  } finally {
    unlock();
  }
}
