import { sql, type Kysely } from 'kysely';

/**
 * The one-statement reads (`pips_dashboard`, `pips_promos`, `pips_activity`, migration 004) answer
 * the session and the data as two columns (OUT parameters `o_session` and `o_data`) instead of one
 * JSON object `{"session": …, "data": …}`.
 *
 * The server took the object apart in the statement (`r -> 'session'`, `(r -> 'data')::text`):
 * each `->` on a json value runs PostgreSQL's JSON parser over the whole text, so every read parsed
 * its answer twice (about 15 µs per operator on a 5 KB dashboard, more on a page of activity).
 *
 * The bodies are rewritten from their current definitions (053 and 055 changed `pips_promos`):
 * `return json_build_object('session', v_head, 'data', X);` becomes
 * `o_session := v_head; o_data := (X); return;`, `return json_build_object('session', v_head);`
 * becomes `o_session := v_head; return;` and `return null;` becomes `return;` (both columns null).
 * A function's result type cannot be changed in place, so each is dropped and created again.
 */
const FUNCTIONS = ['pips_dashboard', 'pips_promos', 'pips_activity'] as const;

const BOTH = `return json_build_object('session', v_head, 'data', `;
const HEAD = `return json_build_object('session', v_head);`;
const NONE = `return null;`;
const BOTH_AFTER = `o_session := v_head; o_data := (`;
const HEAD_AFTER = `o_session := v_head; return;`;
const NONE_AFTER = `return;`;

/** The index just past the parenthesis closing the one opened before `from` (strings and -- comments skipped). */
function closingParen(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      i = text.indexOf("'", i + 1);
      if (i < 0) break;
    } else if (c === '-' && text[i + 1] === '-') {
      i = text.indexOf('\n', i);
      if (i < 0) break;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  throw new Error('058: unbalanced parentheses in a read function');
}

function replaceEach(text: string, before: string, edit: (rest: string) => string): string {
  const at = text.indexOf(before);
  if (at < 0) return text;
  return text.slice(0, at) + edit(text.slice(at + before.length));
}

/** `return json_build_object('session', v_head, 'data', X);` → `o_session := v_head; o_data := (X); return;` */
function toColumns(definition: string, fn: string): string {
  const header = definition.match(/^(CREATE OR REPLACE FUNCTION [^(]+\()(.*)\)\n RETURNS json\n/);
  if (!header) throw new Error(`058: ${fn} does not return json`);
  let body = definition.slice(header[0].length);
  let rewrites = 0;
  while (body.includes(BOTH)) {
    body = replaceEach(body, BOTH, (rest) => {
      const end = closingParen(rest, 0);
      if (rest[end] !== ';') throw new Error(`058: ${fn}: a return does not end after its object`);
      return `${BOTH_AFTER}${rest.slice(0, end)}; return;${rest.slice(end + 1)}`;
    });
    rewrites++;
  }
  if (rewrites === 0) throw new Error(`058: ${fn} answers no data`);
  body = body.replaceAll(HEAD, HEAD_AFTER).replaceAll(NONE, NONE_AFTER);
  const left = body.match(/\breturn\s+(?!;)/i);
  if (left) throw new Error(`058: ${fn} keeps a return with a value`);
  return `${header[1]}${header[2]}, OUT o_session json, OUT o_data json)\n RETURNS record\n${body}`;
}

/** The reverse: one JSON object again. */
function toObject(definition: string, fn: string): string {
  const header = definition.match(/^(CREATE OR REPLACE FUNCTION [^(]+\()(.*), OUT o_session json, OUT o_data json\)\n RETURNS record\n/);
  if (!header) throw new Error(`058: ${fn} does not answer two columns`);
  let body = definition.slice(header[0].length);
  while (body.includes(BOTH_AFTER)) {
    body = replaceEach(body, BOTH_AFTER, (rest) => {
      const end = closingParen(rest, 0);
      const tail = '; return;';
      if (!rest.startsWith(tail, end)) throw new Error(`058: ${fn}: an answer does not end with its return`);
      return `${BOTH}${rest.slice(0, end)};${rest.slice(end + tail.length)}`;
    });
  }
  body = body.replaceAll(HEAD_AFTER, HEAD).replace(/\breturn;/g, NONE);
  return `${header[1]}${header[2]})\n RETURNS json\n${body}`;
}

async function rewrite(db: Kysely<unknown>, change: (definition: string, fn: string) => string): Promise<void> {
  for (const fn of FUNCTIONS) {
    const { rows } = await sql<{ def: string; signature: string }>`
      select pg_get_functiondef(p.oid) as def, p.oid::regprocedure::text as signature
        from pg_proc p where p.oid = ${fn}::regproc`.execute(db);
    const next = change(rows[0].def, fn);
    await sql.raw(`drop function ${rows[0].signature}`).execute(db);
    await sql.raw(next).execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, toColumns);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, toObject);
}
