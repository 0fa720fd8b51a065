import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { OWN_FILE_PREFIX } from './dataDirLock';

/**
 * A PGlite backup is PGlite's own archive of its data folder (`dumpDataDir`, a ustar tarball)
 * without pips's files in it (the lock, the server's address and key), gzipped: a new server
 * opens it as is, and nothing in it names the server it came from.
 */

const BLOCK = 512;

interface Entry {
  /** The path inside the archive, without a leading `/` or `./`. */
  name: string;
  type: string;
  /** Byte range of the header and its data blocks. */
  start: number;
  end: number;
}

const text = (bytes: Uint8Array) => {
  const nul = bytes.indexOf(0);
  return Buffer.from(nul < 0 ? bytes : bytes.subarray(0, nul)).toString('utf8');
};

/** A header's size field: octal text, or base-256 when its first byte has the high bit. */
function entrySize(field: Uint8Array): number {
  if (field[0] & 0x80) {
    let size = field[0] & 0x7f;
    for (const byte of field.subarray(1)) size = size * 256 + byte;
    return size;
  }
  const digits = text(field).trim();
  return digits === '' ? 0 : parseInt(digits, 8);
}

/** The entries of a tar archive in order; throws on anything that is not one. */
function entries(tar: Uint8Array): { list: Entry[]; end: number } {
  const list: Entry[] = [];
  let offset = 0;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return { list, end: offset };
    const ustar = text(header.subarray(257, 263)).startsWith('ustar');
    const prefix = ustar ? text(header.subarray(345, 500)) : '';
    const raw = prefix ? `${prefix}/${text(header.subarray(0, 100))}` : text(header.subarray(0, 100));
    const size = entrySize(header.subarray(124, 136));
    if (!Number.isFinite(size) || size < 0) throw new Error('not a tar archive (a header has no size)');
    const end = offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (end > tar.length) throw new Error('the archive is cut short');
    list.push({ name: raw.replace(/^\.?\/+/, ''), type: String.fromCharCode(header[156] || 48), start: offset, end });
    offset = end;
  }
  throw new Error('the archive has no end (cut short?)');
}

/** Headers that describe the entry after them (GNU long names, pax): kept with it, whole. */
const EXTENDED = new Set(['L', 'K', 'x', 'g']);

/** Whether an archive path is one of pips's own files at the top of the data folder. */
const isOwnFile = (name: string) => !name.includes('/') && name.startsWith(OWN_FILE_PREFIX);

/** The archive without pips's own top-level files; every other byte as it was. */
export function withoutOwnFiles(tar: Uint8Array): Uint8Array {
  const { list, end } = entries(tar);
  const kept: Uint8Array[] = [];
  let extended = false;
  for (const entry of list) {
    if (extended || EXTENDED.has(entry.type) || !isOwnFile(entry.name)) kept.push(tar.subarray(entry.start, entry.end));
    extended = EXTENDED.has(entry.type);
  }
  kept.push(tar.subarray(end));
  return Buffer.concat(kept);
}

/** The paths in a tar archive (for checks: what a backup holds). */
export function archivePaths(tar: Uint8Array): string[] {
  return entries(tar).list.map((entry) => entry.name);
}

/**
 * The backup file of a PGlite data folder archive (`dumpDataDir('none')`). zlib works in Node's
 * thread pool and comes back to the event loop once per output chunk: with its 16 KB default, a
 * server busy with requests took minutes over the few hundred round trips; 8 MB chunks take two.
 */
export async function pgliteBackupFile(tar: Uint8Array): Promise<Buffer> {
  return promisify(gzip)(withoutOwnFiles(tar), { chunkSize: 8 << 20 });
}

/** The tar archive inside a backup file; throws unless it is a PGlite data folder's. */
export async function readPgliteBackup(file: Uint8Array): Promise<Uint8Array> {
  if (!isPgliteBackup(file)) throw new Error('not a PGlite backup (a gzipped archive of a data folder)');
  const tar = await promisify(gunzip)(file, { chunkSize: 8 << 20 });
  if (!archivePaths(tar).includes('PG_VERSION')) throw new Error('the archive holds no PostgreSQL data folder (no PG_VERSION)');
  return tar;
}

/** A gzip file (what `backup` writes on PGlite). */
export const isPgliteBackup = (file: Uint8Array) => file[0] === 0x1f && file[1] === 0x8b;

/** A pg_dump archive in the custom format (what `backup` writes on PostgreSQL). */
export const isPgDumpArchive = (file: Uint8Array) => Buffer.from(file.subarray(0, 5)).toString('latin1') === 'PGDMP';
