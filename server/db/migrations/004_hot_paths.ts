import { sql, type Kysely } from 'kysely';

/**
 * The hot calls in one round trip each: PL/pgSQL functions (PostgreSQL and PGlite alike) that do
 * a call's whole work in one statement, with plans cached per connection.
 *
 * - `pips_post`: the ledger's one way to move a balance: the conditional update of the member's
 *   balances (never below zero) and the append-only row, in the caller's transaction.
 * - `pips_redeem`, `pips_earn_qr`: a redemption and an earn by QR code with their idempotency key,
 *   limits, cap and stock, as one statement (so one transaction: a failure raises and undoes all).
 * - `pips_dashboard`, `pips_promos`, `pips_activity`: the session of an auth token and the call's
 *   answer, already shaped as the contract's JSON.
 *
 * Refusals raise SQLSTATE P0001 with the message `pips:<CODE>` (server/db/repositories/hot.ts maps
 * them to the API's errors). `users.ledger_rows` counts the member's ledger rows (kept by
 * `pips_post`), so the activity list's total needs no count(*).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column ledger_rows integer not null default 0`.execute(db);
  await sql`update users set ledger_rows = c.n from (select user_id, count(*)::int as n from ledger_entries group by user_id) as c where c.user_id = users.id`.execute(db);

  /** resolveText of server/i18n/localized.ts: a string, or { en, es? } in the language. */
  await sql`
    create function pips_text(t jsonb, lang text) returns text language sql immutable as $$
      select case
        when t is null or jsonb_typeof(t) = 'null' then null
        when jsonb_typeof(t) = 'string' then t #>> '{}'
        else coalesce(case when lang = 'es' then t ->> 'es' end, t ->> 'en')
      end
    $$`.execute(db);

  await sql`
    create function pips_post(p_user integer, p_delta integer, p_kind text, p_source integer, p_title jsonb,
                              p_reason text, p_key text, p_at timestamptz,
                              out entry_id integer, out available integer)
    language plpgsql as $$
    begin
      update users
         set available_pips = available_pips + p_delta,
             total_earned_pips = total_earned_pips + greatest(p_delta, 0),
             total_used_pips = total_used_pips + greatest(-p_delta, 0),
             ledger_rows = ledger_rows + 1
       where id = p_user and deleted_at is null and available_pips + p_delta >= 0
      returning available_pips into available;
      if not found then
        if exists (select 1 from users where id = p_user and deleted_at is null) then
          raise exception 'pips:INSUFFICIENT_PIPS';
        end if;
        raise exception 'pips:NO_SUCH_MEMBER';
      end if;
      insert into ledger_entries (user_id, delta, kind, source_id, title, reason, idempotency_key, created_at)
      values (p_user, p_delta, p_kind, p_source, p_title, p_reason, p_key, p_at)
      returning id into entry_id;
    end
    $$`.execute(db);

  await sql`
    create function pips_redeem(p_user integer, p_promo integer, p_option integer, p_key text, p_at timestamptz)
    returns jsonb language plpgsql as $$
    declare
      v_fingerprint text := 'pid=' || p_promo || ';optId=' || p_option;
      v_stored record;
      v_option record;
      v_id integer;
      v_post record;
      v_code integer;
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
      select o.pips, o.label, p.title into v_option
        from promo_options o
        join promos p on p.id = o.promo_id
        join users u on u.community_id = p.community_id
       where o.id = p_option and p.id = p_promo and p.type = 'REDEEM' and p.active and u.id = p_user;
      if not found then
        raise exception 'pips:NO_SUCH_REWARD';
      end if;
      -- The ledger row names its redemption, and the redemption its ledger row.
      v_id := nextval(pg_get_serial_sequence('redemptions', 'id'));
      -- Debit first: it locks the member's row, so an empty balance fails before a code is locked.
      select * into v_post from pips_post(p_user, -v_option.pips, 'redeem', v_id,
        jsonb_build_object('en', pips_text(v_option.title, 'en') || ' · ' || pips_text(v_option.label, 'en'),
                           'es', pips_text(v_option.title, 'es') || ' · ' || pips_text(v_option.label, 'es')),
        null, p_key, p_at);
      select id into v_code from gift_card_codes
       where option_id = p_option and redemption_id is null order by id limit 1 for update skip locked;
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
    $$`.execute(db);

  // The verified member of an auth token at p_at, or a refusal: the session check of the writes.
  await sql`
    create function pips_session_user(p_token_hash text, p_at timestamptz) returns integer language plpgsql stable as $$
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
    $$`.execute(db);

  // p_code: the code of the scan when the caller parsed it; null: the token's payload.code.
  await sql`
    create function pips_earn_qr(p_user integer, p_token_hash text, p_code text, p_key text, p_at timestamptz, p_lang text)
    returns jsonb language plpgsql as $$
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
        from one_time_tokens where token_hash = p_token_hash and type = 'qrParams' and user_id = p_user;
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
          -- A replay answered from the key: the fresh token it came with is used up all the same.
          update one_time_tokens set used_at = p_at
           where token_hash = p_token_hash and type = 'qrParams' and user_id = p_user and used_at is null and expires_at > p_at;
          if not found then
            raise exception 'pips:INVALID_TOKEN';
          end if;
          return v_stored.response;
        end if;
      end if;
      update one_time_tokens set used_at = p_at
       where token_hash = p_token_hash and type = 'qrParams' and user_id = p_user and used_at is null and expires_at > p_at;
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
    $$`.execute(db);

  // The session of an auth token (null: unknown token or member gone), as the reads below give it.
  const session = `
      select a.user_id, a.family_id, a.expires_at, u.is_verified, u.available_pips, u.total_earned_pips, u.total_used_pips,
             u.community_id, u.ledger_rows
        into v_session
        from auth_tokens a join users u on u.id = a.user_id
       where a.token_hash = p_token_hash and u.deleted_at is null;
      if not found then
        return null;
      end if;
      v_head := json_build_object('userId', v_session.user_id, 'familyId', v_session.family_id,
        'expiresAt', floor(extract(epoch from v_session.expires_at) * 1000), 'isVerified', v_session.is_verified);
      if not v_session.is_verified then
        return json_build_object('session', v_head);
      end if;`;

  await sql
    .raw(
      `
    create function pips_dashboard(p_token_hash text, p_lang text) returns json language plpgsql stable as $$
    declare
      v_session record;
      v_head json;
    begin
      ${session}
      return json_build_object('session', v_head, 'data', json_build_object(
        'availablePips', v_session.available_pips,
        'totalEarnedPips', v_session.total_earned_pips,
        'totalUsedPips', v_session.total_used_pips,
        'actions', coalesce((
          select json_agg(json_build_object(
                   'id', p.id, 'eid', p.id, 'title', pips_text(p.title, p_lang), 'description', pips_text(p.description, p_lang),
                   'pipsToEarn', p.pips,
                   'questionnaireUrl', case when p.questionnaire_id is null then null else '/forms/' || p.questionnaire_id end,
                   'redirectToInternalScreen', p.redirect_to_internal_screen) order by p.id)
            from promos p
           where p.community_id = v_session.community_id and p.type = 'EARN' and p.active), '[]'::json)));
    end
    $$`,
    )
    .execute(db);

  await sql
    .raw(
      `
    create function pips_promos(p_token_hash text, p_type text, p_today text, p_lang text) returns json language plpgsql stable as $$
    declare
      v_session record;
      v_head json;
    begin
      ${session}
      if p_type = 'EARN' then
        return json_build_object('session', v_head, 'data', json_build_object('promos', coalesce((
          select json_agg(json_build_object(
                   'id', p.id, 'type', 'EARN', 'title', pips_text(p.title, p_lang), 'description', pips_text(p.description, p_lang),
                   'imageUrl', p.image_url, 'url', p.url, 'pips', p.pips,
                   'questionnaireUrl', case when p.questionnaire_id is null then null else '/forms/' || p.questionnaire_id end,
                   'redirectToInternalScreen', p.redirect_to_internal_screen, 'limit', p.earn_limit,
                   -- A questionnaire's promo is earned by answering it, which pays once.
                   'available', case
                     when p.questionnaire_id is not null then not exists (
                       select 1 from questionnaire_answers a where a.questionnaire_id = p.questionnaire_id and a.user_id = v_session.user_id)
                     when p.earn_limit = 'unlimited' then true
                     else not exists (
                       select 1 from earn_claims c
                        where c.source_id = p.id and c.user_id = v_session.user_id and c.kind = 'promo'
                          and c.period = case when p.earn_limit = 'daily' then p_today else 'once' end)
                   end,
                   'options', '[]'::json) order by p.id)
            from promos p
           where p.community_id = v_session.community_id and p.type = 'EARN' and p.active), '[]'::json)));
      end if;
      return json_build_object('session', v_head, 'data', json_build_object('promos', coalesce((
        select json_agg(json_build_object(
                 'id', p.id, 'type', 'REDEEM', 'title', pips_text(p.title, p_lang), 'description', pips_text(p.description, p_lang),
                 'imageUrl', p.image_url, 'url', p.url, 'terms', pips_text(p.terms, p_lang),
                 'pips', coalesce(o.options -> 0 -> 'pips', '0'::json), 'available', coalesce(o.in_stock, false),
                 'options', coalesce(o.options, '[]'::json)) order by p.id)
          from promos p
          left join lateral (
            select json_agg(json_build_object('optId', x.id, 'label', pips_text(x.label, p_lang), 'pips', x.pips, 'inStock', x.in_stock)
                            order by x.pips, x.id) as options,
                   bool_or(x.in_stock) as in_stock
              from (select po.id, po.label, po.pips,
                           exists (select 1 from gift_card_codes g where g.option_id = po.id and g.redemption_id is null) as in_stock
                      from promo_options po where po.promo_id = p.id) as x
          ) as o on true
         where p.community_id = v_session.community_id and p.type = 'REDEEM' and p.active), '[]'::json)));
    end
    $$`,
    )
    .execute(db);

  await sql
    .raw(
      `
    create function pips_activity(p_token_hash text, p_lang text, p_limit bigint, p_offset bigint) returns json language plpgsql stable
    -- A generic plan does not know the member's ledger is long: plan the page for this member.
    set plan_cache_mode = force_custom_plan as $$
    declare
      v_session record;
      v_head json;
    begin
      ${session}
      return json_build_object('session', v_head, 'data', json_build_object(
        'actions', coalesce((
          select json_agg(json_build_object(
                   'id', l.id, 'type', case when l.delta > 0 then 'EARN' else 'REDEEM' end, 'kind', l.kind,
                   -- An operator's adjustment says why; everything else names its promo, code or reward.
                   'title', case when l.kind = 'adjustment' and l.reason <> '' then l.reason else pips_text(l.title, p_lang) end,
                   'pips', l.delta,
                   'date', to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by l.id desc)
            from (select id, delta, kind, title, reason, created_at from ledger_entries
                   where user_id = v_session.user_id order by id desc limit p_limit offset p_offset) as l), '[]'::json),
        'total', v_session.ledger_rows));
    end
    $$`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const fn of ['pips_session_user', 'pips_activity', 'pips_promos', 'pips_dashboard', 'pips_earn_qr', 'pips_redeem', 'pips_post', 'pips_text']) {
    await sql.raw(`drop function if exists ${fn}`).execute(db);
  }
  await sql`alter table users drop column if exists ledger_rows`.execute(db);
}
