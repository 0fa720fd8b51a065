import { readFileSync } from 'node:fs';
import { sql, type Kysely } from 'kysely';

/**
 * The PL/pgSQL (and SQL) functions the server relies on. Each one's current definition lives in
 * `server/db/sql/<name>.sql`, written as PostgreSQL prints it back (`pg_get_functiondef`, without
 * the schema), and nowhere else: the migrations change tables and data, and every migrate ends by
 * bringing these functions to their files' text (`applyFunctions`). To change a function, edit its
 * file; a change of its arguments or result type needs a migration that drops the old one first.
 *
 * In the order they are created: a SQL-language function's body is checked at creation, so what
 * it calls comes before it (PL/pgSQL bodies are checked when they run).
 */
export const FUNCTIONS = [
  'pips_text',
  'pips_period_start',
  'pips_session_user',
  'pips_post',
  'pips_redeem',
  'pips_earn_qr',
  'pips_promos',
  'pips_activity',
  'pips_earn_actions',
  'pips_rewards',
  'pips_catalog_changed',
  'pips_stock_changed',
] as const;

export type FunctionName = (typeof FUNCTIONS)[number];

/** The file's text: a `CREATE OR REPLACE FUNCTION` statement. */
export function functionSource(name: FunctionName): string {
  return readFileSync(new URL(`./sql/${name}.sql`, import.meta.url), 'utf8');
}

/** A definition as `pg_get_functiondef` gives it, with the schema taken off the function's name. */
export function withoutSchema(definition: string): string {
  return definition.replace(/^CREATE OR REPLACE FUNCTION [a-z_][a-z0-9_]*\./, 'CREATE OR REPLACE FUNCTION ');
}

/** The definitions of the functions of this name in the connection's schema (one per overload). */
export async function storedDefinitions<DB>(db: Kysely<DB>, name: string): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    select pg_get_functiondef(p.oid) as definition
      from pg_proc p
     where p.proname = ${name} and p.pronamespace = current_schema()::regnamespace
     order by p.oid`.execute(db);
  return rows.map((row) => withoutSchema(row.definition));
}

/** Any number, the same in every process: the functions are replaced by one migrating process at a time. */
const APPLY_LOCK = 7_360_221;

/**
 * Brings every function of `FUNCTIONS` to its file's text, in order, in one transaction. A function
 * whose stored definition already equals its file is left alone, so a start with nothing changed
 * replaces nothing (a replaced function drops every connection's cached plans of it). Several
 * servers migrating one PostgreSQL at once take turns on an advisory lock.
 */
export async function applyFunctions<DB>(db: Kysely<DB>): Promise<FunctionName[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${APPLY_LOCK})`.execute(trx);
    const replaced: FunctionName[] = [];
    for (const name of FUNCTIONS) {
      const source = functionSource(name);
      if ((await storedDefinitions(trx, name)).includes(source)) continue;
      await sql.raw(source).execute(trx);
      replaced.push(name);
    }
    return replaced;
  });
}
