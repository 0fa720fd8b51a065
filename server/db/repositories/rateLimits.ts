import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * One row per bucket: the start of its current window and the events counted in it. A window
 * opens at a bucket's first event and lasts `windowMs`; the next event after that opens a new one.
 */
export interface WindowCount {
  count: number;
  windowStart: Date;
}

/** Counts one event (atomic upsert), opening a new window when the current one is over. */
export async function incrementWindow(db: Kysely<Database>, bucket: string, now: Date, windowMs: number): Promise<WindowCount> {
  const cutoff = new Date(now.getTime() - windowMs);
  const expired = sql<boolean>`rate_limits.window_start <= ${cutoff}::timestamptz`;
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        count: sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`,
        window_start: sql<Date>`case when ${expired} then ${now}::timestamptz else rate_limits.window_start end`,
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: row.count, windowStart: row.window_start };
}

/** The events counted in the bucket's current window (0 when there is none). */
export async function readWindow(db: Kysely<Database>, bucket: string, now: Date, windowMs: number): Promise<WindowCount> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'window_start'])
    .where('bucket', '=', bucket)
    .where('window_start', '>', new Date(now.getTime() - windowMs))
    .executeTakeFirst();
  return row ? { count: row.count, windowStart: row.window_start } : { count: 0, windowStart: now };
}

export async function clearBucket(db: Kysely<Database>, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('bucket', '=', bucket).execute();
}

/** Housekeeping: drops buckets whose window started before `before`. */
export async function deleteOldWindows(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', before).execute();
}
