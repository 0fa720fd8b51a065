import { sql, type Kysely } from 'kysely';

/**
 * Per-member redemption limits of a reward option (issue 46): `limit_count` redemptions per member
 * in a `limit_period` (ever, day, week or month), or no limit (both null). Periods are calendar
 * ones in the community's time zone (its trivia time zone, UTC by default): see
 * server/db/sql/pips_period_start.sql. `pips_redeem` counts the member's redemptions of the option
 * since the period's start under the member's row lock, so concurrent redemptions by one member
 * never pass the limit; the index below makes that count (and the rewards list's "left") one
 * short index range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table promo_options
              add column limit_count integer check (limit_count between 1 and 1000),
              add column limit_period text check (limit_period in ('ever', 'day', 'week', 'month')),
              add constraint promo_options_limit_whole check ((limit_count is null) = (limit_period is null))`.execute(db);
  await sql`create index redemptions_user_option_idx on redemptions (user_id, option_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index redemptions_user_option_idx`.execute(db);
  await sql`alter table promo_options drop constraint promo_options_limit_whole, drop column limit_period, drop column limit_count`.execute(db);
}
