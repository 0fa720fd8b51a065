import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { winnersAnnouncement } from '../../../../server/contests/announceWinners';
import { commitmentOf, newSeed } from '../../../../server/contests/draw';
import { insertContest } from '../../../../server/db/repositories/chanceToWin';
import { adjustPips } from '../../../../server/db/repositories/ledger';
import { createChanceToWinService } from '../../../../server/plugins/app/chanceToWin';
import { startPushService, type PushServiceStandIn } from '../../../support/pushService';
import { backends } from '../../helpers/databases';
import { expectOk, useHarness, type TestUser } from '../../helpers/harness';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const LANGUAGES = ['en', 'es'] as const;
type Language = (typeof LANGUAGES)[number];

/**
 * Winners' names (issue 46): the community sees a winner only under the fictional name they had
 * as a player (stable per member and contest, in each language), in the contest answers, the
 * archive, the announcement and its pushes; the winner's own app is told it won; every member is
 * given their own entry id, and nobody else's.
 */
describe.each(backends)('Chance to Win winners under fictional names on $name', (backend) => {
  const h = useHarness(backend, { drawIntervalSeconds: 0, pushAllowInsecureEndpoint: true });
  let pushService: PushServiceStandIn;
  beforeAll(async () => {
    pushService = await startPushService();
  });
  afterAll(async () => {
    await pushService.close();
  });

  async function contest(drawsAt = new Date(Date.now() + DAY)) {
    const seed = newSeed();
    return insertContest(h.db, {
      communityId: h.community.id,
      name: { en: 'Spring draw', es: 'Sorteo de primavera' },
      prize: { en: 'A bicycle', es: 'Una bicicleta' },
      thresholdPips: 10,
      startsAt: new Date(Date.now() - HOUR),
      drawsAt,
      numberOfWinners: 1,
      seed,
      commitment: commitmentOf(seed),
    });
  }
  const get = (user: TestUser, url: string, language: Language) => h.call({ url, token: user.authToken, headers: { 'accept-language': language } });

  it('names the winner with their player name in both languages, tells the winner alone "you won", and each member their own entry; no real name reaches a member', async () => {
    const c = await contest();
    // Real names that none of the fictional words contains.
    const people = [
      { firstName: 'Alexandra', lastName: 'Mbeki' },
      { firstName: 'Bartholomew', lastName: 'Quist' },
      { firstName: 'Cordelia', lastName: 'Vantongeren' },
    ];
    const players: TestUser[] = [];
    for (const person of people) {
      const member = await h.registerVerified(person);
      await adjustPips(h.db, { userId: member.userId, delta: 10, reason: 'test' });
      players.push(member);
    }
    const outsider = await h.registerVerified({ firstName: 'Dorothea', lastName: 'Ulbricht' });
    await adjustPips(h.db, { userId: outsider.userId, delta: 3, reason: 'test' });
    const realNames = [...people, { firstName: 'Dorothea', lastName: 'Ulbricht' }].flatMap((p) => [p.firstName, p.lastName]);
    const noRealName = (answer: unknown) => {
      const text = JSON.stringify(answer);
      for (const name of realNames) expect(text).not.toContain(name);
    };

    // Each member's name as a player, as their own app shows it before the draw.
    const playerNames = new Map<number, Record<Language, string>>();
    for (const member of players) {
      const names = {} as Record<Language, string>;
      for (const language of LANGUAGES) {
        const current = expectOk(await get(member, '/mobile/contest/chancetowin', language));
        noRealName(current);
        names[language] = current.players.find((p: { isYou?: boolean }) => p.isYou).name;
      }
      expect(names.en).not.toBe(names.es);
      playerNames.set(member.userId, names);
    }
    // Two members subscribed to pushes, one in each language.
    const subscriptions = { en: pushService.subscribe(), es: pushService.subscribe() };
    for (const [member, language] of [
      [players[0], 'en'],
      [players[1], 'es'],
    ] as const) {
      expectOk(
        await h.call({
          method: 'POST',
          url: '/mobile/device/identifier/set',
          token: member.authToken,
          headers: { 'accept-language': language },
          form: { identifier: JSON.stringify(subscriptions[language].json), platform: 'ios' },
        }),
      );
    }

    // The drawing, announced to the community as the server does it.
    const later = createChanceToWinService({
      db: h.db,
      now: () => new Date(Date.now() + 2 * DAY),
      notifyWinners: async (draw) => void (await h.app.announcements.announce(winnersAnnouncement(draw))),
    });
    const [draw] = await later.runDueDraws();
    expect(draw.winners).toHaveLength(1);
    const winnerId = draw.winners[0].userId;
    const entries = new Map(
      (await h.db.selectFrom('ctw_entries').select(['id', 'user_id']).where('contest_id', '=', c.id).execute()).map((row) => [row.user_id, row.id]),
    );
    expect(entries.size).toBe(3);

    for (const member of [...players, outsider]) {
      for (const language of LANGUAGES) {
        const [drawn] = expectOk(await get(member, '/mobile/contest/chancetowin/archive', language)).challenges;
        noRealName(drawn);
        // The very name the players list gave the winner, in the member's language.
        expect(drawn.winners).toEqual([{ name: playerNames.get(winnerId)![language], entryId: entries.get(winnerId), isYou: member.userId === winnerId }]);
        // Their own entry, which they find among the published ones; none for the member below the threshold.
        expect(drawn.yourEntryId).toBe(entries.get(member.userId) ?? null);
        if (member !== outsider) expect(drawn.proof.entries).toContain(drawn.yourEntryId);
      }
    }
    // The next contest shows it as the last contest's result, the same way.
    await contest(new Date(Date.now() + 3 * DAY));
    const winner = players.find((p) => p.userId === winnerId)!;
    const next = expectOk(await get(winner, '/mobile/contest/chancetowin', 'es'));
    expect(next.lastContest).toMatchObject({ id: c.id, yourEntryId: entries.get(winnerId), winners: [{ name: playerNames.get(winnerId)!.es, isYou: true }] });
    noRealName(next);

    // The announcement in both languages, and the pushes, name the winner by the player's name.
    for (const language of LANGUAGES) {
      const news = expectOk(await get(outsider, '/mobile/announcements', language)).announcements;
      expect(news).toHaveLength(1);
      expect(news[0].text).toContain(playerNames.get(winnerId)![language]);
      noRealName(news);
    }
    // The announcement started a push run; this one waits for it.
    await h.app.announcements.pushNow();
    const pushes = new Map(pushService.received.map((push) => [push.subscriptionId, JSON.parse(push.text) as { title: string; body: string }]));
    expect(pushes.size).toBe(2);
    for (const language of LANGUAGES) {
      const push = pushes.get(subscriptions[language].id)!;
      expect(push.body).toContain(playerNames.get(winnerId)![language]);
      noRealName(push);
    }
    // Nothing kept for the community holds a real name either.
    noRealName(await h.db.selectFrom('announcements').select(['title', 'text']).execute());
    noRealName(await h.db.selectFrom('ctw_winners').selectAll().execute());
  });
});
