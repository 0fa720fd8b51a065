CREATE OR REPLACE FUNCTION pips_earn_qr(p_user integer, p_token_hash text, p_code text, p_key text, p_at timestamp with time zone, p_lang text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET enable_seqscan TO 'off'
AS $function$
declare
  v_token record;
  v_code text;
  v_qr record;
  v_stored record;
  v_response jsonb;
  v_period text;
  v_post record;
  v_result jsonb;
begin
  select payload, (used_at is null and expires_at > p_at) as live into v_token
    from one_time_tokens where token_hash = p_token_hash and type = 'qrParams' and user_id is not distinct from p_user;
  if found then
    if p_code is null and not (v_token.payload ? 'code') then
      raise exception 'pips:PARSE_QR';
    end if;
    v_code := coalesce(p_code, v_token.payload ->> 'code');
    if v_code = '' then
      v_code := null;
    end if;
  end if;
  if v_token.live is not true then
    -- An exact replay (same used token, same key): the first answer, when the key holds one.
    if v_token.payload is not null and p_key is not null and v_code is not null then
      select q.id into v_qr from earn_qr_codes q join users u on u.community_id = q.community_id
       where u.id = p_user and q.code = v_code;
      if found then
        select response into v_response from idempotency_keys
         where user_id = p_user and key = p_key and operation = 'earnQr' and fingerprint = 'qr=' || v_qr.id;
        if v_response is not null and v_response <> 'null'::jsonb then
          return v_response;
        end if;
      end if;
    end if;
    raise exception 'pips:INVALID_TOKEN';
  end if;
  if v_code is null then
    raise exception 'pips:NOT_AN_EARN_CODE';
  end if;
  select q.id, q.title, q.pips, q.earn_limit, q.valid_from, q.valid_until into v_qr
    from earn_qr_codes q join users u on u.community_id = q.community_id
   where u.id = p_user and q.code = v_code;
  if not found then
    raise exception 'pips:NOT_AN_EARN_CODE';
  end if;
  if p_key is not null then
    insert into idempotency_keys (user_id, key, operation, fingerprint, response)
    values (p_user, p_key, 'earnQr', 'qr=' || v_qr.id, 'null') on conflict (user_id, key) do nothing;
    if not found then
      select operation, fingerprint, response into v_stored from idempotency_keys where user_id = p_user and key = p_key;
      if v_stored.operation <> 'earnQr' or v_stored.fingerprint <> 'qr=' || v_qr.id then
        raise exception 'pips:IDEMPOTENCY_KEY_REUSED';
      end if;
      -- A replay answered from the key: a fresh token it came with is used up all the same. Its
      -- token may also be the very one the key's first request used, read here as live before
      -- that request committed (a copy sent at the same moment): the first answer all the same.
      update one_time_tokens set used_at = p_at
       where token_hash = p_token_hash and type = 'qrParams' and user_id is not distinct from p_user and used_at is null and expires_at > p_at;
      return v_stored.response;
    end if;
  end if;
  update one_time_tokens set used_at = p_at
   where token_hash = p_token_hash and type = 'qrParams' and user_id is not distinct from p_user and used_at is null and expires_at > p_at;
  if not found then
    raise exception 'pips:INVALID_TOKEN';
  end if;
  if v_qr.valid_from is not null and v_qr.valid_from > p_at then
    raise exception 'pips:QR_CODE_NOT_YET_VALID';
  end if;
  if v_qr.valid_until is not null and v_qr.valid_until <= p_at then
    raise exception 'pips:QR_CODE_EXPIRED';
  end if;
  v_period := case when v_qr.earn_limit = 'daily' then to_char(p_at at time zone 'UTC', 'YYYY-MM-DD') else 'once' end;
  if exists (select 1 from earn_claims where user_id = p_user and kind = 'qr' and source_id = v_qr.id and period = v_period) then
    raise exception 'pips:LIMIT_%', v_qr.earn_limit;
  end if;
  -- The total cap: one conditional update, so concurrent scans cannot exceed it.
  update earn_qr_codes set claims_count = claims_count + 1
   where id = v_qr.id and (total_cap is null or claims_count < total_cap);
  if not found then
    raise exception 'pips:QR_CODE_EXHAUSTED';
  end if;
  select * into v_post from pips_post(p_user, v_qr.pips, 'qr', v_qr.id, v_qr.title, null, p_key, p_at);
  -- The unique key is the backstop when two scans of the member race.
  insert into earn_claims (user_id, kind, source_id, period, ledger_entry_id, created_at)
  values (p_user, 'qr', v_qr.id, v_period, v_post.entry_id, p_at)
  on conflict (user_id, kind, source_id, period) do nothing;
  if not found then
    raise exception 'pips:LIMIT_%', v_qr.earn_limit;
  end if;
  v_result := jsonb_build_object('title', pips_text(v_qr.title, p_lang), 'pipsEarned', v_qr.pips, 'availablePips', v_post.available);
  if p_key is not null then
    update idempotency_keys set response = v_result where user_id = p_user and key = p_key;
  end if;
  return v_result;
end
$function$
