CREATE OR REPLACE FUNCTION pips_catalog_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$
