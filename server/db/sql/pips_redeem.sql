CREATE OR REPLACE FUNCTION pips_redeem(p_user integer, p_promo integer, p_option integer, p_key text, p_at timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET enable_seqscan TO 'off'
AS $function$
declare
  v_fingerprint text := 'pid=' || p_promo || ';optId=' || p_option;
  v_stored record;
  v_option record;
  v_id integer;
  v_post record;
  v_code integer;
  v_zone text;
  v_taken integer;
  v_result jsonb;
begin
  if p_key is not null then
    -- Claims the key first: a concurrent request with the same key waits here, then answers
    -- the stored first result.
    insert into idempotency_keys (user_id, key, operation, fingerprint, response)
    values (p_user, p_key, 'redeem', v_fingerprint, 'null') on conflict (user_id, key) do nothing;
    if not found then
      select operation, fingerprint, response into v_stored from idempotency_keys where user_id = p_user and key = p_key;
      if v_stored.operation <> 'redeem' or v_stored.fingerprint <> v_fingerprint then
        raise exception 'pips:IDEMPOTENCY_KEY_REUSED';
      end if;
      return v_stored.response;
    end if;
  end if;
  select o.pips, o.label, o.limit_count, o.limit_period, p.title, p.community_id into v_option
    from promo_options o
    join promos p on p.id = o.promo_id
    join users u on u.community_id = p.community_id
   where o.id = p_option and p.id = p_promo and p.type = 'REDEEM' and p.active and u.id = p_user;
  if not found then
    raise exception 'pips:NO_SUCH_REWARD';
  end if;
  if v_option.limit_count is not null then
    -- A per-member limit: the member's row is locked first (as the debit below locks it), so the
    -- member's other redemptions have committed or wait, and this count (a statement of its own,
    -- seeing what committed) is exact. Before the debit: a member at the limit hears that, not
    -- that pips are missing.
    perform 1 from users where id = p_user for no key update;
    select coalesce((select s.time_zone from trivia_settings s where s.community_id = v_option.community_id), 'UTC') into v_zone;
    select count(*) into v_taken from redemptions r
     where r.user_id = p_user and r.option_id = p_option
       and r.created_at >= pips_period_start(v_option.limit_period, v_zone, p_at);
    if v_taken >= v_option.limit_count then
      raise exception 'pips:REDEMPTION_LIMIT_REACHED';
    end if;
  end if;
  -- The ledger row names its redemption, and the redemption its ledger row.
  v_id := nextval(pg_get_serial_sequence('redemptions', 'id'));
  -- Debit first: it locks the member's row, so an empty balance fails before a code is locked.
  select * into v_post from pips_post(p_user, -v_option.pips, 'redeem', v_id,
    jsonb_build_object('en', pips_text(v_option.title, 'en') || ' · ' || pips_text(v_option.label, 'en'),
                       'es', pips_text(v_option.title, 'es') || ' · ' || pips_text(v_option.label, 'es')),
    null, p_key, p_at);
  -- A code stored twice (migration 061) is never handed out while its twin exists.
  select id into v_code from gift_card_codes
   where option_id between p_option and p_option and redemption_id is null and not duplicate
   order by option_id, id limit 1 for no key update skip locked;
  if not found then
    raise exception 'pips:OUT_OF_STOCK';
  end if;
  insert into redemptions (id, user_id, promo_id, option_id, pips, ledger_entry_id, created_at) overriding system value
  values (v_id, p_user, p_promo, p_option, v_option.pips, v_post.entry_id, p_at);
  update gift_card_codes set redemption_id = v_id where id = v_code;
  v_result := jsonb_build_object('transactionId', v_id, 'availablePips', v_post.available);
  if p_key is not null then
    update idempotency_keys set response = v_result where user_id = p_user and key = p_key;
  end if;
  return v_result;
end
$function$
