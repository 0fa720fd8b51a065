import { sql, type Kysely } from 'kysely';

/**
 * The free gift-card codes read through their partial index (`gift_card_codes_free_idx`, on
 * (option_id, id) where redemption_id is null), in the two hot functions of migration 004.
 *
 * Codes are handed out in id order, so the redeemed ones pile up at the low ids. Asked for
 * "option_id = $1 … order by id limit 1", PostgreSQL walks the primary key from the lowest id and
 * filters out every redeemed code on the way: a cost that grows with each redemption (5,000
 * rows skipped per call after 5,000 redemptions). A range on option_id gives the planner no
 * equality to drop from `order by option_id, id`, so only the partial index can give that order
 * and the first free code is one index step away.
 *
 * - `pips_redeem`: the code it locks.
 * - `pips_promos`: each option's "in stock", one step of the same index in a lateral join (the
 *   correlated EXISTS ran twice per option and was planned as a sequential scan of the codes).
 */
const REDEEM_BEFORE = `where option_id = p_option and redemption_id is null order by id limit 1 for update skip locked;`;
const REDEEM_AFTER = `where option_id between p_option and p_option and redemption_id is null order by option_id, id limit 1 for update skip locked;`;

const STOCK_BEFORE = `            select json_agg(json_build_object('optId', x.id, 'label', pips_text(x.label, p_lang), 'pips', x.pips, 'inStock', x.in_stock)
                            order by x.pips, x.id) as options,
                   bool_or(x.in_stock) as in_stock
              from (select po.id, po.label, po.pips,
                           exists (select 1 from gift_card_codes g where g.option_id = po.id and g.redemption_id is null) as in_stock
                      from promo_options po where po.promo_id = p.id) as x`;
const STOCK_AFTER = `            select json_agg(json_build_object('optId', po.id, 'label', pips_text(po.label, p_lang), 'pips', po.pips, 'inStock', s.free is not null)
                            order by po.pips, po.id) as options,
                   bool_or(s.free is not null) as in_stock
              from promo_options po
              left join lateral (select true as free from gift_card_codes g
                                  where g.option_id between po.id and po.id and g.redemption_id is null
                                  order by g.option_id, g.id limit 1) as s on true
             where po.promo_id = p.id`;

/** Replaces one passage of a function's current definition (055, 059), or fails when the passage is not there. */
export async function replaceInFunction(db: Kysely<unknown>, fn: string, before: string, after: string) {
  const { rows } = await sql<{ def: string }>`select pg_get_functiondef(${fn}::regproc) as def`.execute(db);
  const definition = rows[0].def;
  if (!definition.includes(before)) throw new Error(`${fn} does not read as expected: ${before.slice(0, 60)}…`);
  await sql.raw(definition.replace(before, after)).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceInFunction(db, 'pips_redeem', REDEEM_BEFORE, REDEEM_AFTER);
  await replaceInFunction(db, 'pips_promos', STOCK_BEFORE, STOCK_AFTER);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replaceInFunction(db, 'pips_redeem', REDEEM_AFTER, REDEEM_BEFORE);
  await replaceInFunction(db, 'pips_promos', STOCK_AFTER, STOCK_BEFORE);
}
