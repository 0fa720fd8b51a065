CREATE OR REPLACE FUNCTION pips_rewards(p_community text, p_lang text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
AS $function$
begin
  return json_build_object('promos', coalesce((
    select json_agg(json_build_object(
             'id', p.id, 'type', 'REDEEM', 'title', pips_text(p.title, p_lang), 'description', pips_text(p.description, p_lang),
             'imageUrl', p.image_url, 'imageWidth', p.image_width, 'imageHeight', p.image_height, 'url', p.url, 'terms', pips_text(p.terms, p_lang),
             'pips', coalesce(o.options -> 0 -> 'pips', '0'::json), 'available', coalesce(o.in_stock, false),
             'options', coalesce(o.options, '[]'::json)) order by p.id)
      from promos p
      left join lateral (
        select json_agg(json_build_object('optId', po.id, 'label', pips_text(po.label, p_lang), 'pips', po.pips, 'inStock', po.in_stock,
                                          'limit', case when po.limit_count is null then null else json_build_object('count', po.limit_count, 'period', po.limit_period) end)
                        order by po.pips, po.id) as options,
               bool_or(po.in_stock) as in_stock
          from promo_options po
         where po.promo_id = p.id
      ) as o on true
     where p.community_id = p_community and p.type = 'REDEEM' and p.active), '[]'::json))::text;
end
$function$
