import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrateToLatest, type Database } from '../../../server/db/index';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * What a migrated database depends on: every migration's and SQL function's source and the PGlite
 * version. Another migration, function or PGlite is another template.
 */
function templateKey(): string {
  const hash = createHash('sha256');
  const migrationsDir = join(root, 'server', 'db', 'migrations');
  for (const name of readdirSync(migrationsDir).sort()) hash.update(name).update(readFileSync(join(migrationsDir, name)));
  const functionsDir = join(root, 'server', 'db', 'sql');
  for (const name of readdirSync(functionsDir).sort()) hash.update(name).update(readFileSync(join(functionsDir, name)));
  const { version } = JSON.parse(readFileSync(join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string };
  return hash.update(version).digest('hex').slice(0, 16);
}

async function makeTemplate(): Promise<Blob> {
  const pglite = await PGlite.create('memory://');
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  try {
    await migrateToLatest(db);
    return await pglite.dumpDataDir('none');
  } finally {
    await db.destroy();
  }
}

let cached: Promise<Blob> | undefined;

/**
 * The data directory of an empty PGlite database with every migration applied, as an archive
 * for `openDatabase({ loadDataDir })`: a test file opens its own database from it in a fraction
 * of the time of PGlite's initdb and the migrations. Made once per set of migrations and kept in
 * the system's temporary folder; concurrent makers each write a whole file and rename it into
 * place, so a reader never sees a partial archive.
 */
export function migratedPgliteTemplate(): Promise<Blob> {
  cached ??= (async () => {
    const file = join(tmpdir(), `pips-pglite-template-${templateKey()}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // not made yet
    }
    const template = await makeTemplate();
    const partial = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, Buffer.from(await template.arrayBuffer()));
    renameSync(partial, file);
    return template;
  })();
  return cached;
}
