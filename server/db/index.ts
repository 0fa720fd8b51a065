import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql, type MigrationResultSet } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { pgliteBackupFile } from './backupArchive';
import { lockDataDir } from './dataDirLock';
import { applyFunctions } from './functions';
import { withNamedStatements } from './namedStatements';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export type { Database } from './schema';
export { ensureDemoCommunity } from './repositories/communities';

export interface OpenDatabaseOptions {
  /** postgres://… connection string. Without it an embedded PGlite database is used. */
  url?: string;
  /** PGlite data directory (default ./data); 'memory://' keeps everything in memory. */
  dataDir?: string;
  /** PostgreSQL only: the schema to use (search_path), e.g. one per test file. */
  schema?: string;
  /** PostgreSQL only: pool size (default 10). */
  maxConnections?: number;
  /**
   * PGlite only: start from this data directory archive (`PGlite.dumpDataDir`) instead of an
   * empty one; the test suites open a migrated copy for each file this way.
   */
  loadDataDir?: Blob;
}

export interface OpenedDatabase {
  db: Kysely<Database>;
  /** Which engine is behind `db`. */
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * PGlite only: a backup file of the whole database while it is in use (see backupArchive.ts).
   * It waits for the query or transaction in progress and holds the one connection while PGlite
   * copies its folder after a checkpoint, so the copy holds every committed write and no half of
   * one; the writes after it wait that long (`heldMs`).
   */
  backup?: () => Promise<{ file: Buffer; heldMs: number }>;
}

/**
 * Opens the database. PostgreSQL when a URL is given, otherwise embedded PGlite. PGlite is a
 * single connection: the dialect hands it to one Kysely connection at a time, so queries and
 * transactions are serialised (code inside a transaction must only use the transaction).
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  if (options.url) {
    if (options.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.schema)) {
      throw new Error(`invalid schema name: ${options.schema}`);
    }
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    // An idle client that loses its connection must not crash the process; nor may one in use
    // (its queries fail on their own and the request answers 503 SERVICE_UNAVAILABLE).
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    // The hot calls' fixed statements are prepared once per connection.
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dataDir = options.dataDir ?? './data';
  let unlock = () => {};
  if (!dataDir.includes('://')) {
    await mkdir(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  try {
    const pglite = await PGlite.create(dataDir, options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    return {
      db,
      kind: 'pglite',
      backup: async () => {
        let heldMs = 0;
        const archive = await db.connection().execute(async (connection) => {
          const held = Date.now();
          await sql`checkpoint`.execute(connection);
          const dump = await pglite.dumpDataDir('none');
          heldMs = Date.now() - held;
          return new Uint8Array(await dump.arrayBuffer());
        });
        return { file: await pgliteBackupFile(archive), heldMs };
      },
      close: async () => {
        await db.destroy();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** The migrator of this connection's schema. */
async function migratorOf(db: Kysely<Database>): Promise<Migrator> {
  // The migration record lives in the connection's own schema: without naming it, Kysely sees
  // another schema's kysely_migration tables (another app, or a parallel test) and skips its own.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: rows[0].schema,
    // Features land on separate branches with their own number ranges: a database migrated
    // before an earlier-numbered feature landed still takes it.
    allowUnorderedMigrations: true,
  });
}

function checked(result: MigrationResultSet): MigrationResultSet {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const cause = result.error instanceof Error ? result.error.message : String(result.error);
    throw new Error(`migration ${failed?.migrationName ?? '?'} failed: ${cause}`, { cause: result.error });
  }
  return result;
}

/**
 * Applies every pending migration, then brings the SQL functions to their text in
 * `server/db/sql/` (see `applyFunctions`); throws (with the failing migration's name) on error.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  const result = checked(await (await migratorOf(db)).migrateToLatest());
  await applyFunctions(db);
  return result;
}

/**
 * Applies the migrations up to `last` only, and not the functions of `server/db/sql/`: a database
 * as it was at that migration (the tests of an older migration's down and up).
 */
export async function migrateUpTo(db: Kysely<Database>, last: string): Promise<MigrationResultSet> {
  return checked(await (await migratorOf(db)).migrateTo(last));
}

/** Names of the migrations not applied to this database (empty when it is up to date). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const all = await (await migratorOf(db)).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Cheap liveness probe for the health call. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(db);
}
