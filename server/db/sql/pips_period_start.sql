CREATE OR REPLACE FUNCTION pips_period_start(p_period text, p_zone text, p_at timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
AS $function$
  -- The start of the calendar period (of a per-member redemption limit) holding p_at, in the time
  -- zone p_zone: its day, its ISO week (from Monday) or its month; 'ever' has no start.
  select case when p_period = 'ever' then '-infinity'::timestamptz else date_trunc(p_period, p_at, p_zone) end
$function$
