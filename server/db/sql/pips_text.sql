CREATE OR REPLACE FUNCTION pips_text(t jsonb, lang text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  select case
    when t is null or jsonb_typeof(t) = 'null' then null
    when jsonb_typeof(t) = 'string' then t #>> '{}'
    else coalesce(case when lang = 'es' then t ->> 'es' end, t ->> 'en')
  end
$function$
