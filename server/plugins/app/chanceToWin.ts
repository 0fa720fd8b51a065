import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Schema } from '../../api/types';
import { winnersAnnouncement } from '../../contests/announceWinners';
import { runDueDraws, type FinishedDraw, type NotifyWinners } from '../../contests/runDraws';
import { drawProof } from '../../contests/draw';
import { fictionalName, playerIdOf, playerName } from '../../contests/playerNames';
import {
  earnedInWindow,
  entriesOf,
  entriesOfMember,
  findCurrentContest,
  findDrawnContest,
  listDrawnContests,
  qualifiedMembers,
  winnersOf,
  type WinnerRow,
} from '../../db/repositories/chanceToWin';
import { findUserById } from '../../db/repositories/users';
import type { CtwContest, Database } from '../../db/schema';
import { AppError, unauthorized } from '../../errors';
import { resolveText, type ContentLanguage } from '../../i18n/localized';
import type { AuthContext } from './sessions';

/** How many past contests the archive lists. */
const ARCHIVE_SIZE = 50;

export const NOT_ACTIVE: Record<ContentLanguage, string> = {
  en: 'There is no Chance to Win contest right now.',
  es: 'No hay ningún sorteo de Oportunidad de ganar en este momento.',
};

const notActive = (language: ContentLanguage) => new AppError('CHALLENGE_NOT_ACTIVE', 404, NOT_ACTIVE[language]);

/**
 * The Chance to Win contests of the member's community: the current one, the archive, the public
 * proof of a draw, and the due draws. Members are shown as players under fictional names
 * (server/contests/playerNames.ts), winners included; `isYou` and `yourEntryId` tell the caller
 * about their own player, win and entry, and about nobody else.
 */
export interface ChanceToWinService {
  current(auth: AuthContext, language: ContentLanguage): Promise<Schema<'ChanceToWin'>>;
  archive(auth: AuthContext, language: ContentLanguage): Promise<Schema<'ChanceToWinArchive'>>;
  /** What anyone may check of a drawn contest, archived or not, without a token: no member's identity. */
  proof(id: number): Promise<Schema<'ChanceToWinProof'>>;
  /** Draws every due contest once, then notifies its winners. */
  runDueDraws(): Promise<FinishedDraw[]>;
}

export function createChanceToWinService(deps: {
  db: Kysely<Database>;
  now: () => Date;
  notifyWinners: NotifyWinners;
  onNotifyError?: (error: unknown, draw: FinishedDraw) => void;
}): ChanceToWinService {
  const { db, now } = deps;

  async function communityOf(auth: AuthContext): Promise<string> {
    const user = await findUserById(db, auth.userId);
    if (!user) throw unauthorized();
    return user.community_id;
  }

  function contestView(
    contest: CtwContest,
    auth: AuthContext,
    language: ContentLanguage,
    drawn: { entries: number[]; winners: WinnerRow[]; yourEntryId: number | null } | undefined,
  ): Schema<'ChanceToWinContest'> {
    return {
      id: contest.id,
      name: resolveText(contest.name, language),
      prize: resolveText(contest.prize, language),
      thresholdInPips: contest.threshold_pips,
      startDate: contest.starts_at.toISOString(),
      drawingDate: contest.draws_at.toISOString(),
      winners: (drawn?.winners ?? []).map((winner) => ({
        name: playerName(contest, winner.userId, language),
        entryId: winner.entryId,
        isYou: winner.userId === auth.userId,
      })),
      yourEntryId: drawn?.yourEntryId ?? null,
      proof: drawProof(contest, drawn?.entries),
    };
  }

  async function drawnViews(contests: CtwContest[], auth: AuthContext, language: ContentLanguage): Promise<Schema<'ChanceToWinContest'>[]> {
    const ids = contests.map((contest) => contest.id);
    const [entries, winners, mine] = await Promise.all([entriesOf(db, ids), winnersOf(db, ids), entriesOfMember(db, ids, auth.userId)]);
    return contests.map((contest) =>
      contestView(contest, auth, language, {
        entries: entries.get(contest.id) ?? [],
        winners: winners.get(contest.id) ?? [],
        yourEntryId: mine.get(contest.id) ?? null,
      }),
    );
  }

  return {
    async current(auth, language) {
      const communityId = await communityOf(auth);
      const contest = await findCurrentContest(db, communityId, now());
      if (!contest) throw notActive(language);
      const [earnedPips, players, [lastContest]] = await Promise.all([
        earnedInWindow(db, auth.userId, contest.starts_at, contest.draws_at),
        qualifiedMembers(db, communityId, contest.starts_at, contest.draws_at, contest.threshold_pips),
        listDrawnContests(db, communityId, 1).then((rows) => drawnViews(rows, auth, language)),
      ]);
      const { yourEntryId: _notDrawn, ...view } = contestView(contest, auth, language, undefined);
      return {
        ...view,
        earnedPips,
        players: players
          .map((player) => {
            const playerId = playerIdOf(contest, player.userId);
            return { playerId, name: fictionalName(contest.id, playerId, language), earnedPips: player.earned, isYou: player.userId === auth.userId };
          })
          .sort((a, b) => b.earnedPips - a.earnedPips || a.playerId - b.playerId),
        lastContest: lastContest ?? null,
      };
    },

    async archive(auth, language) {
      const communityId = await communityOf(auth);
      return { challenges: await drawnViews(await listDrawnContests(db, communityId, ARCHIVE_SIZE), auth, language) };
    },

    async proof(id) {
      const contest = await findDrawnContest(db, id);
      if (!contest) throw new AppError('NOT_FOUND', 404, 'No drawn Chance to Win contest has this id.');
      const [entries, winners] = await Promise.all([entriesOf(db, [id]), winnersOf(db, [id])]);
      const proof = drawProof(contest, entries.get(id) ?? []);
      return {
        id: contest.id,
        drawingDate: contest.draws_at.toISOString(),
        drawnAt: proof.drawnAt ?? contest.draws_at.toISOString(),
        commitment: contest.commitment,
        seed: contest.seed,
        numberOfWinners: contest.number_of_winners,
        entries: proof.entries ?? [],
        entryCount: proof.entryCount ?? 0,
        entriesHash: contest.entries_hash ?? '',
        winners: (winners.get(id) ?? []).map((winner) => winner.entryId),
      };
    },

    runDueDraws: () => runDueDraws(db, now(), deps.notifyWinners, deps.onNotifyError),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    chanceToWin: ChanceToWinService;
  }
}

/**
 * The service, and the draw job: due draws run when the server starts (a draw due while it was
 * down runs then) and every `drawIntervalSeconds`; one run at a time per server, and once in all
 * across servers (see runDraws.ts).
 */
export default fp<{ notifyWinners?: NotifyWinners }>(
  async (app, options) => {
    // Winners are announced to the community (and pushed) through the announcements feature.
    const notifyWinners: NotifyWinners =
      options.notifyWinners ??
      (async (draw) => {
        await app.announcements.announce(winnersAnnouncement(draw));
      });
    const service = createChanceToWinService({
      db: app.db,
      now: app.now,
      notifyWinners,
      onNotifyError: (error, draw) => app.log.error({ err: error, contestId: draw.contestId }, 'notifying the Chance to Win winners failed'),
    });
    app.decorate('chanceToWin', service);

    let running: Promise<unknown> | null = null;
    const tick = () => {
      if (running) return;
      running = service
        .runDueDraws()
        .catch((error: unknown) => app.log.error({ err: error }, 'Chance to Win draws failed'))
        .finally(() => {
          running = null;
        });
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      tick();
      if (app.config.drawIntervalSeconds > 0) {
        timer = setInterval(tick, app.config.drawIntervalSeconds * 1000);
        timer.unref();
      }
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await running;
    });
  },
  { name: 'chanceToWin', dependencies: ['db', 'core', 'announcements'] },
);
