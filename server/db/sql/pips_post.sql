CREATE OR REPLACE FUNCTION pips_post(p_user integer, p_delta integer, p_kind text, p_source integer, p_title jsonb, p_reason text, p_key text, p_at timestamp with time zone, OUT entry_id integer, OUT available integer)
 RETURNS record
 LANGUAGE plpgsql
AS $function$
begin
  update users
     set available_pips = available_pips + p_delta,
         total_earned_pips = total_earned_pips + greatest(p_delta, 0),
         total_used_pips = total_used_pips + greatest(-p_delta, 0),
         ledger_rows = ledger_rows + 1
   where id = p_user and deleted_at is null and available_pips + p_delta >= 0
     -- A suspended member earns and redeems nothing; an operator's adjustment still applies.
     and (suspended_at is null or p_kind = 'adjustment')
  returning available_pips into available;
  if not found then
    if p_kind <> 'adjustment' and exists (select 1 from users where id = p_user and deleted_at is null and suspended_at is not null) then
      raise exception 'pips:SUSPENDED';
    end if;
    if exists (select 1 from users where id = p_user and deleted_at is null) then
      raise exception 'pips:INSUFFICIENT_PIPS';
    end if;
    raise exception 'pips:NO_SUCH_MEMBER';
  end if;
  insert into ledger_entries (user_id, delta, kind, source_id, title, reason, idempotency_key, created_at)
  values (p_user, p_delta, p_kind, p_source, p_title, p_reason, p_key, p_at)
  returning id into entry_id;
end
$function$
