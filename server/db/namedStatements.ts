import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * The hot calls' fixed SQL texts, run on PostgreSQL as named (prepared) statements: each pool
 * connection parses and plans a text once, then only binds and executes it. Kysely sends every
 * query unnamed (parsed and planned on every call), so the pool Kysely gets hands out clients that
 * send a registered text as node-postgres's documented named query, `{ name, text, values }`.
 */
const names = new Map<string, string>();

/** Registers a fixed SQL text under a statement name; returns the text (to pass to Kysely as is). */
export function prepared(name: string, text: string): string {
  for (const [known, knownName] of names) {
    if (knownName === name && known !== text) throw new Error(`statement name ${name} is taken by another text`);
  }
  names.set(text, name);
  return text;
}

/** The statement name of a registered text, or undefined. */
export const statementName = (text: string): string | undefined => names.get(text);

/**
 * `pool` as Kysely's `PostgresDialect` takes one, sending the registered texts as named
 * statements; anything else (cursors included) goes to the client as Kysely sent it.
 */
export function withNamedStatements(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const query = (textOrCursor: unknown, parameters?: ReadonlyArray<unknown>): unknown => {
      const name = typeof textOrCursor === 'string' ? names.get(textOrCursor) : undefined;
      if (name !== undefined) return client.query({ name, text: textOrCursor as string, values: [...(parameters ?? [])] });
      return typeof textOrCursor === 'string' ? client.query(textOrCursor, [...(parameters ?? [])]) : client.query(textOrCursor as pg.Submittable);
    };
    return { query: query as PostgresPoolClient['query'], release: () => client.release() };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (wrapped === undefined) clients.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}
