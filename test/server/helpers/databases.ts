import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { migrateToLatest, migrateUpTo, openDatabase, type Database } from '../../../server/db/index';
import { migratedPgliteTemplate } from './pgliteTemplate';

export interface TestDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** A database engine the server suites run against. */
export interface Backend {
  name: 'pglite' | 'postgres';
  /**
   * A fresh, migrated, empty database of its own (PGlite in memory, or a new PostgreSQL schema);
   * with `upTo`, migrated up to that migration only, as it was then (a test of an older migration).
   */
  open(upTo?: string): Promise<TestDatabase>;
}

const migrate = (db: Kysely<Database>, upTo: string | undefined) => (upTo === undefined ? migrateToLatest(db) : migrateUpTo(db, upTo));

/**
 * What a migrated database's shape is: its tables and columns, indexes, constraints and
 * functions, as one digest. A database handed back by a test file is reused only while this is
 * the template's (a test that changed a function or a table leaves its database to be closed).
 */
async function shapeOf(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ shape: string }>`
    select md5(
      coalesce((select string_agg(table_name || '.' || column_name || ':' || data_type || ':' || coalesce(column_default, ''), ',' order by table_name, column_name)
                from information_schema.columns where table_schema = current_schema()), '')
      || coalesce((select string_agg(indexdef, ',' order by indexdef) from pg_indexes where schemaname = current_schema()), '')
      || coalesce((select string_agg(pg_get_constraintdef(c.oid), ',' order by c.conname)
                   from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = current_schema()), '')
      || coalesce((select string_agg(pg_get_functiondef(p.oid), ',' order by p.proname)
                   from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = current_schema() and p.prokind in ('f', 'p')), '')
    ) as shape
  `.execute(db);
  return rows[0].shape;
}

/**
 * PGlite databases a test file has closed, kept open for the next file of the same worker:
 * starting PGlite from the template costs 2-3 s of CPU, most of a short file's time, while
 * emptying one costs milliseconds. One is taken back only with the migrated shape (above), its
 * session reset (`discard all`) and its tables emptied; otherwise it is closed and a new one
 * opened.
 */
const idlePglite: Array<{ database: TestDatabase; shape: string }> = [];

const pglite: Backend = {
  name: 'pglite',
  async open(upTo) {
    if (upTo !== undefined) {
      const { db, kind, close } = await openDatabase({ dataDir: 'memory://' });
      await migrateUpTo(db, upTo);
      return { db, kind, close };
    }
    for (let idle = idlePglite.pop(); idle; idle = idlePglite.pop()) {
      const { database, shape } = idle;
      await sql`discard all`.execute(database.db);
      if ((await shapeOf(database.db)) === shape) {
        await emptyTables(database.db);
        return reusable(database, shape);
      }
      await database.close();
    }
    // From a migrated copy (made once): migrating again finds nothing to do unless it is stale.
    const database = await openDatabase({ dataDir: 'memory://', loadDataDir: await migratedPgliteTemplate() });
    await migrateToLatest(database.db);
    return reusable(database, await shapeOf(database.db));
  },
};

/** `database` whose close() hands it back to the idle list instead of closing it. */
function reusable(database: TestDatabase, shape: string): TestDatabase {
  let handedBack = false;
  return {
    db: database.db,
    kind: database.kind,
    async close() {
      if (handedBack) return;
      handedBack = true;
      idlePglite.push({ database, shape });
    },
  };
}

/** Each test file gets its own schema, so files run in parallel; it is dropped on close. */
function postgres(url: string): Backend {
  return {
    name: 'postgres',
    async open(upTo) {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const { db, kind, close } = await openDatabase({ url, schema, maxConnections: 5 });
      await migrate(db, upTo);
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

/** The tables the migrations made in this connection's schema (not the migration record). */
export async function schemaTables(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables
    where schemaname = current_schema() and tablename not like 'kysely_migration%'
  `.execute(db);
  return rows.map((row) => row.name);
}

/**
 * The tables the migrations made in this connection's schema (not the migration record), each
 * before the tables it references, so deleting in this order breaks no foreign key. Read once per
 * database: a new table is never missed, and the schema does not change within a file.
 */
const emptyingOrder = new WeakMap<Kysely<Database>, Promise<string[]>>();

async function readEmptyingOrder(db: Kysely<Database>): Promise<string[]> {
  const { rows: references } = await sql<{ child: string; parent: string }>`
    select child.relname as child, parent.relname as parent
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_class parent on parent.oid = c.confrelid
    join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = current_schema() and child.relname <> parent.relname
  `.execute(db);
  const order: string[] = [];
  let left = await schemaTables(db);
  while (left.length > 0) {
    // A table goes once no table still to empty references it.
    const ready = left.filter((name) => !references.some((r) => r.parent === name && left.includes(r.child)));
    if (ready.length === 0) throw new Error(`emptyTables: the foreign keys between ${left.join(', ')} form a cycle`);
    order.push(...ready);
    left = left.filter((name) => !ready.includes(name));
  }
  return order;
}

/**
 * Empties every table and starts every sequence over (keeps the schema and the migration record):
 * what `truncate … restart identity cascade` does, a test's worth of rows at a time. DELETE in
 * foreign-key order then `setval`: TRUNCATE makes new files for each of the ~40 tables and their
 * indexes, 140 ms a test on an idle PostgreSQL against 20 ms, and it was most of the PostgreSQL
 * suites' time on a busy machine.
 */
export async function emptyTables(db: Kysely<Database>): Promise<void> {
  let order = emptyingOrder.get(db);
  if (!order) emptyingOrder.set(db, (order = readEmptyingOrder(db)));
  const tables = await order;
  if (tables.length === 0) return;
  // A job a test's app left running (a draw, a push) may hold a row lock the delete needs at the
  // same moment: PostgreSQL then cancels one of the two (40P01); the emptying tries again.
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction().execute(async (trx) => {
        for (const table of tables) await sql`delete from ${sql.table(table)}`.execute(trx);
        await sql`
          select setval(s.seqrelid, s.seqstart, false)
          from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema()
        `.execute(trx);
      });
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt === 3) throw error;
    }
  }
}
