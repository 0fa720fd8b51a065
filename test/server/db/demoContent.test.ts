import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CODES_PER_OPTION, DEMO_CONTEST_QUESTIONS, DEMO_TRIVIA, ensureDemoContent } from '../../../server/db/demoContent';
import { createCommunity } from '../../../server/db/repositories/communities';
import type { Database } from '../../../server/db/schema';
import { parsePayload, partsOf, PART_TYPES } from '../../../server/questionnaires/payload';
import { backends, type TestDatabase } from '../helpers/databases';

/** How much content a community holds, table by table. */
async function counts(db: Kysely<Database>, communityId: string) {
  const count = async (query: Promise<{ n: string | number | bigint }>) => Number((await query).n);
  const promoIds = db.selectFrom('promos').select('id').where('community_id', '=', communityId);
  const optionIds = db.selectFrom('promo_options').select('id').where('promo_id', 'in', promoIds);
  return {
    earn: await count(db.selectFrom('promos').select((eb) => eb.fn.countAll().as('n')).where('community_id', '=', communityId).where('type', '=', 'EARN').executeTakeFirstOrThrow()),
    redeem: await count(db.selectFrom('promos').select((eb) => eb.fn.countAll().as('n')).where('community_id', '=', communityId).where('type', '=', 'REDEEM').executeTakeFirstOrThrow()),
    options: await count(db.selectFrom('promo_options').select((eb) => eb.fn.countAll().as('n')).where('promo_id', 'in', promoIds).executeTakeFirstOrThrow()),
    codes: await count(db.selectFrom('gift_card_codes').select((eb) => eb.fn.countAll().as('n')).where('option_id', 'in', optionIds).executeTakeFirstOrThrow()),
    questionnaires: await count(db.selectFrom('questionnaires').select((eb) => eb.fn.countAll().as('n')).where('community_id', '=', communityId).executeTakeFirstOrThrow()),
    qrCodes: await count(db.selectFrom('earn_qr_codes').select((eb) => eb.fn.countAll().as('n')).where('community_id', '=', communityId).executeTakeFirstOrThrow()),
    announcements: await count(db.selectFrom('announcements').select((eb) => eb.fn.countAll().as('n')).where('community_id', '=', communityId).executeTakeFirstOrThrow()),
  };
}

describe.each(backends)('demo content on $name', (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await backend.open();
  });
  afterAll(async () => {
    await database.close();
  });

  it('fills a community once: a second call adds nothing and finds the same QR code', async () => {
    const { db } = database;
    const community = await createCommunity(db, 'Demo Community', 'demo-');
    const first = await ensureDemoContent(db, community.id);
    expect(first.created).toBe(true);
    expect(first.earnQrCode).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    const after = await counts(db, community.id);
    expect(after).toEqual({ earn: 4, redeem: 2, options: 4, codes: 4 * DEMO_CODES_PER_OPTION, questionnaires: 1, qrCodes: 1, announcements: 2 });

    const second = await ensureDemoContent(db, community.id);
    expect(second).toEqual({ created: false, earnQrCode: first.earnQrCode });
    expect(await counts(db, community.id)).toEqual(after);
  });

  it('adds trivia once: questions of the day and one running contest with two teams', async () => {
    const { db } = database;
    const community = await createCommunity(db, 'Demo Community', 'demo-');
    await ensureDemoContent(db, community.id);
    await ensureDemoContent(db, community.id);
    const questions = await db.selectFrom('trivia_questions').select(['contest_id']).where('community_id', '=', community.id).execute();
    expect(questions.filter((q) => q.contest_id === null)).toHaveLength(DEMO_TRIVIA.length);
    const contests = await db.selectFrom('trivia_contests').select(['id', 'starts_at', 'ends_at']).where('community_id', '=', community.id).execute();
    expect(contests).toHaveLength(1);
    const now = Date.now();
    expect(new Date(contests[0].starts_at).getTime()).toBeLessThan(now);
    expect(new Date(contests[0].ends_at).getTime()).toBeGreaterThan(now);
    expect(questions.filter((q) => q.contest_id === contests[0].id)).toHaveLength(DEMO_CONTEST_QUESTIONS.length);
    expect(await db.selectFrom('trivia_teams').select('id').where('contest_id', '=', contests[0].id).execute()).toHaveLength(2);
    // Every demo question has exactly one right answer.
    for (const question of [...DEMO_TRIVIA, ...DEMO_CONTEST_QUESTIONS]) expect(question.answers.filter((a) => a.correct)).toHaveLength(1);
  });

  it('is safe when two instances start together', async () => {
    const { db } = database;
    const community = await createCommunity(db, 'Demo Community', 'demo-');
    const results = await Promise.all([ensureDemoContent(db, community.id), ensureDemoContent(db, community.id)]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(results[0].earnQrCode).toBe(results[1].earnQrCode);
    expect((await counts(db, community.id)).earn).toBe(4);
  });

  it('offers every kind of earn action, bilingual rewards with demo codes, and a questionnaire of every part type', async () => {
    const { db } = database;
    const community = await createCommunity(db, 'Demo Community', 'demo-');
    await ensureDemoContent(db, community.id);
    const promos = await db.selectFrom('promos').selectAll().where('community_id', '=', community.id).orderBy('id').execute();
    const earn = promos.filter((p) => p.type === 'EARN');
    for (const promo of promos) expect(promo.title).toEqual({ en: expect.any(String), es: expect.any(String) });
    expect(earn.some((p) => p.url?.startsWith('https://example.org/'))).toBe(true);
    expect(earn.some((p) => p.earn_limit === 'daily')).toBe(true);
    expect(earn.some((p) => p.redirect_to_internal_screen === '/trivia/individual')).toBe(true);
    // Nothing advertised that is not paid: each action has its url, questionnaire, in-app
    // completion, or no screen at all (then its Earn button pays it).
    expect(earn.filter((p) => p.redirect_to_internal_screen !== null && p.completed_by === null)).toEqual([]);
    expect(earn.find((p) => p.redirect_to_internal_screen === '/trivia/individual')?.completed_by).toBe('triviaAnswer');

    const questionnaire = await db.selectFrom('questionnaires').selectAll().where('community_id', '=', community.id).executeTakeFirstOrThrow();
    expect(earn.find((p) => p.questionnaire_id !== null)?.questionnaire_id).toBe(questionnaire.id);
    const parsed = parsePayload(questionnaire.payload);
    if (!parsed.ok) throw new Error(parsed.errors.join('; '));
    expect(parsed.payload.steps).toHaveLength(3);
    expect(new Set(partsOf(parsed.payload).map((part) => part.type))).toEqual(new Set(PART_TYPES));
    for (const part of partsOf(parsed.payload)) expect(part.label).toEqual({ en: expect.any(String), es: expect.any(String) });

    const rewards = promos.filter((p) => p.type === 'REDEEM');
    for (const reward of rewards) {
      const options = await db.selectFrom('promo_options').selectAll().where('promo_id', '=', reward.id).execute();
      expect(options).toHaveLength(2);
      for (const option of options) {
        expect(option.label).toEqual({ en: expect.any(String), es: expect.any(String) });
        const codes = await db.selectFrom('gift_card_codes').select('code').where('option_id', '=', option.id).execute();
        expect(codes).toHaveLength(DEMO_CODES_PER_OPTION);
        for (const { code } of codes) expect(code).toMatch(/^DEMO-[0-9A-F]{4}-[0-9A-F]{4}$/);
      }
    }

    // News under the bell, newest first, in both languages, each leading to a screen of the app.
    const news = await db.selectFrom('announcements').selectAll().where('community_id', '=', community.id).orderBy('id', 'desc').execute();
    expect(news.map((a) => a.url)).toEqual(['/chance-to-win', '/earn']);
    for (const item of news) {
      expect(item).toMatchObject({ active: true, title: { en: expect.any(String), es: expect.any(String) }, text: { en: expect.any(String), es: expect.any(String) } });
      expect(new Date(item.send_date).getTime()).toBeLessThanOrEqual(Date.now());
    }

    const qr = await db.selectFrom('earn_qr_codes').selectAll().where('community_id', '=', community.id).executeTakeFirstOrThrow();
    expect(qr).toMatchObject({ pips: 10, earn_limit: 'daily', total_cap: null, valid_from: null, valid_until: null });
  });

  it('refuses an unknown community', async () => {
    await expect(ensureDemoContent(database.db, 'demo-nothere')).rejects.toThrow(/no community has the id demo-nothere/);
  });
});
