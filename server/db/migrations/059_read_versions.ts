import { sql, type Kysely } from 'kysely';
import { replaceInFunction } from './055_hot_stock';

/**
 * Versioned reads: the one-statement reads say whether the server's copy of their slow part still
 * holds, and send that part only when it does not (server/db/repositories/readCache.ts keeps the
 * copies, per server instance; the database decides, so several instances stay right).
 *
 * - `communities.catalog_version`: a value of the sequence `pips_catalog_versions` (never reused,
 *   even by a community made again), renewed by a row trigger whenever a promo or a reward option
 *   of the community is added, changed or deleted (operator work, rare; never on a member's call).
 * - `pips_dashboard(token, lang, community, known version)`: the session, the balances as the start
 *   of the answer's JSON text (`o_head`), the community and its catalog version; the earn actions'
 *   JSON (`o_actions`) only when the member's community or its version differs from the ones given.
 * - `promo_options.in_stock`: whether the option has a free gift-card code, kept by row triggers on
 *   `gift_card_codes` (a code added or released: true; the last free code taken or deleted: false),
 *   so a change of stock is a change of the catalog. After a code is taken, one look at the
 *   highest free code (the takers start at the lowest): untouched (xmax 0), the option is not
 *   empty; else a probe looks for a free code no other transaction is taking (KEY SHARE SKIP LOCKED
 *   passes the codes being taken, which their update locks FOR UPDATE) and the taker that finds
 *   none marks the option out. Of concurrent takers of the last
 *   codes, each probes after its own update, so the last to probe finds none. (A taker that rolls
 *   back after another counted its code as taken leaves a free code under an option marked out
 *   until the next code is added or released; the redemption itself reads the codes, not the mark.)
 *   `pips_redeem` locks the code it takes FOR NO KEY UPDATE, which a probe's KEY SHARE never blocks.
 * - `pips_promos(token, type, today, lang, community, known version)`: EARN as before (whether the
 *   member can earn each is the member's own, so it is always read); REDEEM answers the rewards
 *   with their stock (`o_data`) only when the community or its catalog version differs.
 * - `pips_activity(token, lang, limit, offset, known rows)`: the ledger is append-only and
 *   `users.ledger_rows` counts it, so the member's row count names the list's content exactly: the
 *   page (`o_data`) comes only when the count differs from the one given (`o_rows`).
 *
 * The functions of 058 keep their names and signatures (overloads with fewer arguments): down drops
 * the new ones, the trigger and the column, and the server of 058 finds its functions unchanged.
 */

// The session of an auth token (migration 004): no row, no session; unverified, the session only.
// With the catalog, the same row brings the community's catalog version (one lookup, not two).
const session = (withCatalog: boolean) => `
      select a.user_id, a.family_id, a.expires_at, u.is_verified, u.available_pips, u.total_earned_pips, u.total_used_pips,
             u.community_id, u.ledger_rows${withCatalog ? ', c.catalog_version' : ''}
        into v_session
        from auth_tokens a join users u on u.id = a.user_id${withCatalog ? ' join communities c on c.id = u.community_id' : ''}
       where a.token_hash = p_token_hash and u.deleted_at is null;
      if not found then
        return;
      end if;
      o_session := json_build_object('userId', v_session.user_id, 'familyId', v_session.family_id,
        'expiresAt', floor(extract(epoch from v_session.expires_at) * 1000), 'isVerified', v_session.is_verified);
      if not v_session.is_verified then
        return;
      end if;`;

// The code a redemption takes (migration 055's read), locked so that the stock probe's KEY SHARE never makes it skip one.
const REDEEM_LOCK_BEFORE = `order by option_id, id limit 1 for update skip locked;`;
const REDEEM_LOCK_AFTER = `order by option_id, id limit 1 for no key update skip locked;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence pips_catalog_versions`.execute(db);
  await sql`alter table communities add column catalog_version bigint not null default nextval('pips_catalog_versions')`.execute(db);

  await sql`
    create function pips_catalog_changed() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'promos' then
        update communities set catalog_version = nextval('pips_catalog_versions')
         where id in (new.community_id, old.community_id);
      else
        update communities set catalog_version = nextval('pips_catalog_versions')
         where id in (select community_id from promos where id in (new.promo_id, old.promo_id));
      end if;
      return null;
    end
    $$`.execute(db);
  await sql`create trigger promos_catalog_version after insert or update or delete on promos
            for each row execute function pips_catalog_changed()`.execute(db);
  await sql`create trigger promo_options_catalog_version after insert or update or delete on promo_options
            for each row execute function pips_catalog_changed()`.execute(db);

  await sql`alter table promo_options add column in_stock boolean not null default false`.execute(db);
  await sql`update promo_options po set in_stock = true
             where exists (select 1 from gift_card_codes g where g.option_id = po.id and g.redemption_id is null)`.execute(db);
  await sql`
    create function pips_stock_changed() returns trigger language plpgsql as $$
    declare
      v_option integer;
      v_freed boolean := false;
      v_taken boolean := false;
      v_top record;
    begin
      if tg_op = 'INSERT' then
        v_option := new.option_id;
        v_freed := new.redemption_id is null;
      elsif tg_op = 'DELETE' then
        v_option := old.option_id;
        v_taken := old.redemption_id is null;
      else
        v_option := new.option_id;
        v_freed := old.redemption_id is not null and new.redemption_id is null;
        v_taken := old.redemption_id is null and new.redemption_id is not null;
      end if;
      if v_freed then
        update promo_options set in_stock = true where id = v_option and not in_stock;
      end if;
      if not v_taken then
        return null;
      end if;
      -- A free code is gone (taken or deleted): the option may be empty now. The codes are taken
      -- from the lowest id, so the highest free code is the one to look at. Nobody has locked,
      -- taken or deleted it (its xmax is 0): the option has a free code. This is every taking but
      -- the last few, and it reads one index entry and writes nothing.
      select g.xmax::text = '0' as untouched into v_top from gift_card_codes g
       where g.option_id between v_option and v_option and g.redemption_id is null
       order by g.option_id desc, g.id desc limit 1;
      if found and v_top.untouched then
        return null;
      end if;
      -- Near the end: the option is empty unless a free code is left that no other transaction is
      -- taking. A code being taken is locked FOR UPDATE by its update (redemption_id is a unique
      -- column), which KEY SHARE SKIP LOCKED passes by; takers lock with FOR NO KEY UPDATE, which a
      -- KEY SHARE never blocks. Every taker looks after its own update, so the last one finds none.
      perform 1 from gift_card_codes g
       where g.option_id between v_option and v_option and g.redemption_id is null
       order by g.option_id desc, g.id desc limit 1 for key share skip locked;
      if not found then
        update promo_options set in_stock = false where id = v_option and in_stock;
      end if;
      return null;
    end
    $$`.execute(db);
  await replaceInFunction(db, 'pips_redeem', REDEEM_LOCK_BEFORE, REDEEM_LOCK_AFTER);
  await sql`create trigger gift_card_codes_stock after insert or update of redemption_id or delete on gift_card_codes
            for each row execute function pips_stock_changed()`.execute(db);

  await sql
    .raw(
      `
    create function pips_dashboard(p_token_hash text, p_lang text, p_community text, p_known bigint,
                                   out o_session json, out o_head text, out o_community text, out o_version text, out o_actions json)
    language plpgsql stable as $$
    declare
      v_session record;
    begin
      ${session(true)}
      -- {"availablePips":…,"totalEarnedPips":…,"totalUsedPips":…  (the server adds the actions and the brace)
      o_head := '{"availablePips":' || v_session.available_pips || ',"totalEarnedPips":' || v_session.total_earned_pips
             || ',"totalUsedPips":' || v_session.total_used_pips;
      o_community := v_session.community_id;
      o_version := v_session.catalog_version::text;
      if p_community is not distinct from v_session.community_id and p_known = v_session.catalog_version then
        return;
      end if;
      o_actions := coalesce((
          select json_agg(json_build_object(
                   'id', p.id, 'eid', p.id, 'title', pips_text(p.title, p_lang), 'description', pips_text(p.description, p_lang),
                   'pipsToEarn', p.pips,
                   'questionnaireUrl', case when p.questionnaire_id is null then null else '/forms/' || p.questionnaire_id end,
                   'redirectToInternalScreen', p.redirect_to_internal_screen) order by p.id)
            from promos p
           where p.community_id = v_session.community_id and p.type = 'EARN' and p.active), '[]'::json);
    end
    $$`,
    )
    .execute(db);

  await sql
    .raw(
      `
    create function pips_promos(p_token_hash text, p_type text, p_today text, p_lang text, p_community text, p_known bigint,
                                out o_session json, out o_community text, out o_version text, out o_data json)
    language plpgsql stable as $$
    declare
      v_session record;
    begin
      ${session(true)}
      if p_type = 'EARN' then
        o_data := json_build_object('promos', coalesce((
          select json_agg(json_build_object(
                   'id', p.id, 'type', 'EARN', 'title', pips_text(p.title, p_lang), 'description', pips_text(p.description, p_lang),
                   'imageUrl', p.image_url, 'imageWidth', p.image_width, 'imageHeight', p.image_height, 'url', p.url, 'pips', p.pips,
                   'questionnaireUrl', case when p.questionnaire_id is null then null else '/forms/' || p.questionnaire_id end,
                   'redirectToInternalScreen', p.redirect_to_internal_screen, 'limit', p.earn_limit,
                   -- A questionnaire's promo is earned by answering it, which pays once.
                   'available', case
                     when p.questionnaire_id is not null then not exists (
                       select 1 from questionnaire_answers a where a.questionnaire_id = p.questionnaire_id and a.user_id = v_session.user_id)
                     when p.earn_limit = 'unlimited' then true
                     else not exists (
                       select 1 from earn_claims c
                        where c.source_id = p.id and c.user_id = v_session.user_id and c.kind = 'promo'
                          and c.period = case when p.earn_limit = 'daily' then p_today else 'once' end)
                   end,
                   'options', '[]'::json) order by p.id)
            from promos p
           where p.community_id = v_session.community_id and p.type = 'EARN' and p.active), '[]'::json));
        return;
      end if;
      o_community := v_session.community_id;
      o_version := v_session.catalog_version::text;
      if p_community is not distinct from v_session.community_id and p_known = v_session.catalog_version then
        return;
      end if;
      o_data := json_build_object('promos', coalesce((
        select json_agg(json_build_object(
                 'id', p.id, 'type', 'REDEEM', 'title', pips_text(p.title, p_lang), 'description', pips_text(p.description, p_lang),
                 'imageUrl', p.image_url, 'imageWidth', p.image_width, 'imageHeight', p.image_height, 'url', p.url, 'terms', pips_text(p.terms, p_lang),
                 'pips', coalesce(o.options -> 0 -> 'pips', '0'::json), 'available', coalesce(o.in_stock, false),
                 'options', coalesce(o.options, '[]'::json)) order by p.id)
          from promos p
          left join lateral (
            select json_agg(json_build_object('optId', po.id, 'label', pips_text(po.label, p_lang), 'pips', po.pips, 'inStock', po.in_stock)
                            order by po.pips, po.id) as options,
                   bool_or(po.in_stock) as in_stock
              from promo_options po
             where po.promo_id = p.id
          ) as o on true
         where p.community_id = v_session.community_id and p.type = 'REDEEM' and p.active), '[]'::json));
    end
    $$`,
    )
    .execute(db);

  await sql
    .raw(
      `
    create function pips_activity(p_token_hash text, p_lang text, p_limit bigint, p_offset bigint, p_known_rows integer,
                                  out o_session json, out o_rows integer, out o_data json)
    language plpgsql stable
    -- A generic plan does not know the member's ledger is long: plan the page for this member.
    set plan_cache_mode = force_custom_plan as $$
    declare
      v_session record;
    begin
      ${session(false)}
      o_rows := v_session.ledger_rows;
      if p_known_rows = v_session.ledger_rows then
        return;
      end if;
      o_data := json_build_object(
        'actions', coalesce((
          select json_agg(json_build_object(
                   'id', l.id, 'type', case when l.delta > 0 then 'EARN' else 'REDEEM' end, 'kind', l.kind,
                   -- An operator's adjustment says why; everything else names its promo, code or reward.
                   'title', case when l.kind = 'adjustment' and l.reason <> '' then l.reason else pips_text(l.title, p_lang) end,
                   'pips', l.delta,
                   'date', to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by l.id desc)
            from (select id, delta, kind, title, reason, created_at from ledger_entries
                   where user_id = v_session.user_id order by id desc limit p_limit offset p_offset) as l), '[]'::json),
        'total', v_session.ledger_rows);
    end
    $$`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function pips_activity(text, text, bigint, bigint, integer)`.execute(db);
  await sql`drop function pips_promos(text, text, text, text, text, bigint)`.execute(db);
  await sql`drop function pips_dashboard(text, text, text, bigint)`.execute(db);
  await sql`drop trigger gift_card_codes_stock on gift_card_codes`.execute(db);
  await replaceInFunction(db, 'pips_redeem', REDEEM_LOCK_AFTER, REDEEM_LOCK_BEFORE);
  await sql`drop function pips_stock_changed()`.execute(db);
  await sql`alter table promo_options drop column in_stock`.execute(db);
  await sql`drop trigger promo_options_catalog_version on promo_options`.execute(db);
  await sql`drop trigger promos_catalog_version on promos`.execute(db);
  await sql`drop function pips_catalog_changed()`.execute(db);
  await sql`alter table communities drop column catalog_version`.execute(db);
  await sql`drop sequence pips_catalog_versions`.execute(db);
}
