import { sql, type Kysely } from 'kysely';

/**
 * The catalog parts of the dashboard and the rewards list as functions of their own, so that the
 * hot reads can be plain statements (server/db/repositories/hot.ts) instead of calls of 059's
 * PL/pgSQL functions.
 *
 * A read whose copy holds (nearly every read) then runs one executor over three index lookups
 * (token, member, community) and calls nothing. Through `pips_dashboard` the same read ran the outer
 * statement, the function, and the function's own statement; written as one statement with the
 * catalog as a subquery instead, PostgreSQL would set the subquery's plan up on every execution even
 * when the CASE around it never runs it. A function call in a CASE costs nothing unless taken.
 * Measured with pgbench (prepared, 4 clients, 100,000 members): 30,400 reads/s through
 * `pips_dashboard`, 37,500 as a plain statement calling `pips_earn_actions` only on a miss.
 *
 * - `pips_earn_actions(community, lang)`: the earn actions' JSON array as `pips_dashboard` builds it.
 * - `pips_rewards(community, lang)`: the rewards' JSON (`{"promos":[…]}`, with their stock) as
 *   `pips_promos(…, 'REDEEM', …)` builds it.
 *
 * 059's functions stay (the EARN list and the activity still use theirs; down leaves 059 whole).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function pips_earn_actions(p_community text, p_lang text) returns text
    language plpgsql stable as $$
    begin
      return coalesce((
          select json_agg(json_build_object(
                   'id', p.id, 'eid', p.id, 'title', pips_text(p.title, p_lang), 'description', pips_text(p.description, p_lang),
                   'pipsToEarn', p.pips,
                   'questionnaireUrl', case when p.questionnaire_id is null then null else '/forms/' || p.questionnaire_id end,
                   'redirectToInternalScreen', p.redirect_to_internal_screen) order by p.id)
            from promos p
           where p.community_id = p_community and p.type = 'EARN' and p.active), '[]'::json)::text;
    end
    $$`.execute(db);

  await sql`
    create function pips_rewards(p_community text, p_lang text) returns text
    language plpgsql stable as $$
    begin
      return json_build_object('promos', coalesce((
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
         where p.community_id = p_community and p.type = 'REDEEM' and p.active), '[]'::json))::text;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function pips_rewards(text, text)`.execute(db);
  await sql`drop function pips_earn_actions(text, text)`.execute(db);
}
