import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Every string in a JSON value equal to `value` replaced with `label`; the same object when none is. */
function replaceStrings(json: unknown, value: string, label: string): unknown {
  if (json === value) return label;
  if (Array.isArray(json)) {
    const items = json.map((item) => replaceStrings(item, value, label));
    return items.some((item, i) => item !== json[i]) ? items : json;
  }
  if (json !== null && typeof json === 'object') {
    const entries = Object.entries(json).map(([key, item]) => [key, replaceStrings(item, value, label)] as const);
    return entries.some(([key, item]) => item !== (json as Record<string, unknown>)[key]) ? Object.fromEntries(entries) : json;
  }
  return json;
}

/**
 * Erases a value (a deleted account's e-mail) from the audit log's before and after values: each
 * string equal to it becomes `label` ("deleted member #id"). The rows still say what happened,
 * to which account id, and when. Runs in the deletion's transaction; answers how many rows changed.
 */
export async function eraseFromAudit(db: Db, value: string, label: string): Promise<number> {
  if (value === '') return 0;
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'before', 'after'])
    .where((eb) => eb.or([eb(sql`strpos(before::text, ${value})`, '>', 0), eb(sql`strpos(after::text, ${value})`, '>', 0)]))
    .execute();
  let changed = 0;
  for (const row of rows) {
    const before = replaceStrings(row.before, value, label);
    const after = replaceStrings(row.after, value, label);
    if (before === row.before && after === row.after) continue;
    await db
      .updateTable('audit_log')
      .set({ before: before === null ? null : JSON.stringify(before), after: after === null ? null : JSON.stringify(after) })
      .where('id', '=', row.id)
      .execute();
    changed += 1;
  }
  return changed;
}
