CREATE OR REPLACE FUNCTION pips_activity(p_token_hash text, p_lang text, p_limit bigint, p_offset bigint, p_known_rows integer, OUT o_session json, OUT o_rows integer, OUT o_data json)
 RETURNS record
 LANGUAGE plpgsql
 STABLE
 SET plan_cache_mode TO 'force_custom_plan'
AS $function$
declare
  v_session record;
begin
  select a.user_id, a.family_id, a.expires_at, u.is_verified, u.available_pips, u.total_earned_pips, u.total_used_pips,
         u.community_id, u.ledger_rows
    into v_session
    from auth_tokens a join users u on u.id = a.user_id
   where a.token_hash = p_token_hash and u.deleted_at is null;
  if not found then
    return;
  end if;
  o_session := json_build_object('userId', v_session.user_id, 'familyId', v_session.family_id,
    'expiresAt', floor(extract(epoch from v_session.expires_at) * 1000), 'isVerified', v_session.is_verified);
  if not v_session.is_verified then
    return;
  end if;
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
$function$
