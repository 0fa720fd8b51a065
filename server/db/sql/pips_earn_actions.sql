CREATE OR REPLACE FUNCTION pips_earn_actions(p_community text, p_lang text)
 RETURNS text
 LANGUAGE plpgsql
 STABLE
AS $function$
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
$function$
