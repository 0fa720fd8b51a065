import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../server/db/index';
import { applyFunctions, FUNCTIONS, functionSource, storedDefinitions } from '../../../server/db/functions';
import { backends, type TestDatabase } from '../helpers/databases';

const SQL_DIR = new URL('../../../server/db/sql/', import.meta.url);

describe('server/db/sql', () => {
  it('holds one file per function of FUNCTIONS, named after it, and nothing else', () => {
    const files = readdirSync(SQL_DIR).sort();
    expect(files).toEqual(FUNCTIONS.map((name) => `${name}.sql`).sort());
  });

  it.each(FUNCTIONS)('%s.sql is one CREATE OR REPLACE of that function, without a schema', (name) => {
    const source = functionSource(name);
    expect(source.startsWith(`CREATE OR REPLACE FUNCTION ${name}(`)).toBe(true);
    expect(source.endsWith('$function$\n')).toBe(true);
  });
});

describe.each(backends)('the SQL functions on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.open(); // migrated
  });
  afterAll(async () => {
    await database.close();
  });

  it.each(FUNCTIONS)('%s in the database is its file, word for word', async (name) => {
    expect(await storedDefinitions(database.db, name)).toEqual([functionSource(name)]);
  });

  it('the schema holds no function but those of server/db/sql', async () => {
    const { rows } = await sql<{ name: string }>`
      select p.proname as name from pg_proc p where p.pronamespace = current_schema()::regnamespace order by 1`.execute(database.db);
    expect(rows.map((row) => row.name)).toEqual([...FUNCTIONS].sort());
  });

  it('a migrate with nothing changed replaces nothing', async () => {
    expect(await applyFunctions(database.db)).toEqual([]);
  });

  it('a function changed in the database is brought back to its file by the next migrate', async () => {
    await sql`create or replace function pips_text(t jsonb, lang text) returns text language sql immutable as $$ select 'changed' $$`.execute(database.db);
    const changed = await sql<{ text: string }>`select pips_text('{"en":"Hello"}'::jsonb, 'en') as text`.execute(database.db);
    expect(changed.rows[0].text).toBe('changed');

    await migrateToLatest(database.db);

    expect(await storedDefinitions(database.db, 'pips_text')).toEqual([functionSource('pips_text')]);
    const restored = await sql<{ text: string }>`select pips_text('{"en":"Hello","es":"Hola"}'::jsonb, 'es') as text`.execute(database.db);
    expect(restored.rows[0].text).toBe('Hola');
  });
});
