CREATE OR REPLACE FUNCTION pips_stock_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
declare
  v_option integer;
  v_freed boolean := false;
  v_taken boolean := false;
  v_top record;
begin
  -- A code is stock while free and not stored twice (migration 061: a flagged twin is never handed out).
  if tg_op = 'INSERT' then
    v_option := new.option_id;
    v_freed := new.redemption_id is null and not new.duplicate;
  elsif tg_op = 'DELETE' then
    v_option := old.option_id;
    v_taken := old.redemption_id is null and not old.duplicate;
  else
    v_option := new.option_id;
    v_freed := not (old.redemption_id is null and not old.duplicate) and (new.redemption_id is null and not new.duplicate);
    v_taken := (old.redemption_id is null and not old.duplicate) and not (new.redemption_id is null and not new.duplicate);
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
   where g.option_id between v_option and v_option and g.redemption_id is null and not g.duplicate
   order by g.option_id desc, g.id desc limit 1;
  if found and v_top.untouched then
    return null;
  end if;
  -- Near the end: the option is empty unless a free code is left that no other transaction is
  -- taking. A code being taken is locked FOR UPDATE by its update (redemption_id is a unique
  -- column), which KEY SHARE SKIP LOCKED passes by; takers lock with FOR NO KEY UPDATE, which a
  -- KEY SHARE never blocks. Every taker looks after its own update, so the last one finds none.
  perform 1 from gift_card_codes g
   where g.option_id between v_option and v_option and g.redemption_id is null and not g.duplicate
   order by g.option_id desc, g.id desc limit 1 for key share skip locked;
  if not found then
    update promo_options set in_stock = false where id = v_option and in_stock;
  end if;
  return null;
end
$function$
