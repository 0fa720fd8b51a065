import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase, type Database } from '../../../server/db/index';
import { migratedPgliteTemplate } from './pgliteTemplate';

export interface TestDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** A database engine the server suites run against. */
export interface Backend {
  name: 'pglite' | 'postgres';
  /** A fresh, migrated, empty database of its own (PGlite in memory, or a new PostgreSQL schema). */
  open(): Promise<TestDatabase>;
}

const pglite: Backend = {
  name: 'pglite',
  async open() {
    // From a migrated copy (made once): migrating again finds nothing to do unless it is stale.
    const { db, kind, close } = await openDatabase({ dataDir: 'memory://', loadDataDir: await migratedPgliteTemplate() });
    await migrateToLatest(db);
    return { db, kind, close };
  },
};

/** Each test file gets its own schema, so files run in parallel; it is dropped on close. */
function postgres(url: string): Backend {
  return {
    name: 'postgres',
    async open() {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const { db, kind, close } = await openDatabase({ url, schema, maxConnections: 5 });
      await migrateToLatest(db);
      return {
        db,
        kind,
        async close() {
          await close();
          const cleanup = new pg.Client({ connectionString: url });
          await cleanup.connect();
          await cleanup.query(`drop schema if exists ${schema} cascade`);
          await cleanup.end();
        },
      };
    },
  };
}

/**
 * Whether this run covers a database engine: PGlite always, PostgreSQL when TEST_DATABASE_URL is
 * set; `TEST_BACKENDS=postgres` (or `pglite`) narrows a run to one of them (CI runs the two on
 * different Node versions).
 */
export function runsOn(name: Backend['name']): boolean {
  const wanted = (process.env.TEST_BACKENDS ?? 'pglite,postgres').split(',').map((b) => b.trim());
  return wanted.includes(name) && (name === 'pglite' || Boolean(process.env.TEST_DATABASE_URL));
}

/** The engines of this run (see runsOn). Use with describe.each. */
export const backends: Backend[] = [
  ...(runsOn('pglite') ? [pglite] : []),
  ...(runsOn('postgres') ? [postgres(process.env.TEST_DATABASE_URL!)] : []),
];

/** Empties every table (keeps the schema and the migration record). */
export async function truncateAll(db: Kysely<Database>): Promise<void> {
  // Every table the migrations made in this connection's schema, so a new one is never missed.
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables
    where schemaname = current_schema() and tablename not like 'kysely_migration%'
  `.execute(db);
  if (rows.length === 0) return;
  const truncate = sql`truncate table ${sql.join(rows.map((row) => sql.table(row.name)))} restart identity cascade`;
  // A job a test's app left running (a draw, a push) may hold a row lock the truncate needs at the
  // same moment: PostgreSQL then cancels one of the two (40P01); the truncate tries again.
  for (let attempt = 1; ; attempt++) {
    try {
      await truncate.execute(db);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt === 3) throw error;
    }
  }
}
