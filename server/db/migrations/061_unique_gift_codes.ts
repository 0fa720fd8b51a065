import { sql, type Kysely } from 'kysely';

/**
 * A gift-card code is a real card: unique across the whole database, not per option (issue 46).
 *
 * Codes already stored more than once (the same card loaded into two options, or two communities)
 * cannot go under a unique index, and none of them may be dropped or given to someone else
 * silently. So every row whose code has a twin is flagged (`duplicate`), and everything else is
 * unique by `gift_card_codes_code_key` (on `code`, without the flagged rows):
 *
 * - a flagged free code is never handed out (`pips_redeem` skips it) and does not count as stock
 *   (`pips_stock_changed`, the option's `in_stock`, recomputed here), so no member gets a code
 *   another member already has;
 * - the operator sees the groups (`codes:duplicates`, adminListDuplicateCodes, the console's
 *   rewards view) and resolves one by voiding its free copies; once a code has one row left, that
 *   row is unflagged and the code is an ordinary one again (server/plugins/app/codeDuplicates.ts);
 * - an import checks every stored code, flagged ones included, so no new twin is ever made.
 *
 * The stock trigger fires on `duplicate` too (an unflagged code is stock again). Down restores the
 * per-option constraint (no option holds a code twice: the flagged twins are in different options).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table gift_card_codes add column duplicate boolean not null default false`.execute(db);
  await sql`update gift_card_codes set duplicate = true
             where code in (select code from gift_card_codes group by code having count(*) > 1)`.execute(db);
  await sql`alter table gift_card_codes drop constraint gift_card_codes_option_code`.execute(db);
  await sql`create unique index gift_card_codes_code_key on gift_card_codes (code) where not duplicate`.execute(db);
  // The import's check and the report read the flagged rows by code (few, usually none).
  await sql`create index gift_card_codes_duplicate_idx on gift_card_codes (code) where duplicate`.execute(db);

  await sql`drop trigger gift_card_codes_stock on gift_card_codes`.execute(db);
  await sql`create trigger gift_card_codes_stock after insert or update of redemption_id, duplicate or delete on gift_card_codes
            for each row execute function pips_stock_changed()`.execute(db);
  await sql`update promo_options po set in_stock = s.free
              from (select o.id, exists (select 1 from gift_card_codes g
                                          where g.option_id = o.id and g.redemption_id is null and not g.duplicate) as free
                      from promo_options o) s
             where s.id = po.id and po.in_stock is distinct from s.free`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger gift_card_codes_stock on gift_card_codes`.execute(db);
  await sql`create trigger gift_card_codes_stock after insert or update of redemption_id or delete on gift_card_codes
            for each row execute function pips_stock_changed()`.execute(db);
  await sql`drop index gift_card_codes_duplicate_idx`.execute(db);
  await sql`drop index gift_card_codes_code_key`.execute(db);
  await sql`alter table gift_card_codes add constraint gift_card_codes_option_code unique (option_id, code)`.execute(db);
  await sql`alter table gift_card_codes drop column duplicate`.execute(db);
  await sql`update promo_options po set in_stock = exists (select 1 from gift_card_codes g where g.option_id = po.id and g.redemption_id is null)`.execute(db);
}
