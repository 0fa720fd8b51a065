CREATE OR REPLACE FUNCTION pips_session_user(p_token_hash text, p_at timestamp with time zone)
 RETURNS integer
 LANGUAGE plpgsql
 STABLE
AS $function$
declare
  v_session record;
begin
  select a.user_id, a.expires_at, u.is_verified into v_session
    from auth_tokens a join users u on u.id = a.user_id
   where a.token_hash = p_token_hash and u.deleted_at is null;
  if not found then
    raise exception 'pips:UNAUTHORIZED';
  end if;
  if v_session.expires_at <= p_at then
    raise exception 'pips:EXPIRED';
  end if;
  if not v_session.is_verified then
    raise exception 'pips:NOT_VERIFIED';
  end if;
  return v_session.user_id;
end
$function$
