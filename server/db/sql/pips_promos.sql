CREATE OR REPLACE FUNCTION pips_promos(p_token_hash text, p_type text, p_today text, p_lang text, p_community text, p_known bigint, OUT o_session json, OUT o_community text, OUT o_version text, OUT o_data json)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
AS $function$
declare
  v_session record;
begin
  select a.user_id, a.family_id, a.expires_at, u.is_verified, u.available_pips, u.total_earned_pips, u.total_used_pips,
         u.community_id, u.ledger_rows, c.catalog_version
    into v_session
    from auth_tokens a join users u on u.id = a.user_id join communities c on c.id = u.community_id
   where a.token_hash = p_token_hash and u.deleted_at is null;
  if not found then
    return;
  end if;
  o_session := json_build_object('userId', v_session.user_id, 'familyId', v_session.family_id,
    'expiresAt', floor(extract(epoch from v_session.expires_at) * 1000), 'isVerified', v_session.is_verified);
  if not v_session.is_verified then
    return;
  end if;
  if p_type = 'EARN' then
    o_data := json_build_object('promos', coalesce((
      select json_agg(json_build_object(
               'id', p.id, 'type', 'EARN', 'title', pips_text(p.title, p_lang), 'description', pips_text(p.description, p_lang),
               'imageUrl', p.image_url, 'imageWidth', p.image_width, 'imageHeight', p.image_height, 'url', p.url, 'pips', p.pips,
               'questionnaireUrl', case when p.questionnaire_id is null then null else '/forms/' || p.questionnaire_id end,
               'redirectToInternalScreen', p.redirect_to_internal_screen, 'completedBy', p.completed_by, 'limit', p.earn_limit,
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
$function$
