import type { Kysely } from 'kysely';
import {
  claimDraw,
  insertEntries,
  insertWinners,
  listDueContestIds,
  qualifiedMembers,
  setEntriesHash,
} from '../db/repositories/chanceToWin';
import type { Database, LocalizedText } from '../db/schema';
import { shortName } from '../accountLabels';
import { drawWinners, entriesHashOf, sortEntries } from './draw';
import { playerName } from './playerNames';

/** What a finished draw tells the winners' notifier. */
export interface FinishedDraw {
  contestId: number;
  communityId: string;
  name: LocalizedText;
  prize: LocalizedText | null;
  entryCount: number;
  /**
   * In the order drawn: `realName` (first name and initial) is for the operator's eyes only (the
   * CLI's output); the community reads `playerName`, the fictional name of the winner's player.
   */
  winners: { userId: number; entryId: number; realName: string; playerName: { en: string; es: string } }[];
}

/**
 * Tells the winners (and the community) about a finished draw; the server announces it
 * (server/contests/announceWinners.ts), tests may pass their own.
 */
export type NotifyWinners = (draw: FinishedDraw) => Promise<void>;

/**
 * Draws one due contest, once: in one transaction, the contest flips from open to drawn (a
 * conditional update: a concurrent draw waits on the row, then finds it drawn and does nothing),
 * the qualified members of its window become entries, and the winners are drawn from the seed
 * and the sorted entry ids and stored. A crash before the commit leaves it open for the next try.
 * Undefined when the contest was not open and due.
 */
export async function drawContest(db: Kysely<Database>, contestId: number, now: Date): Promise<FinishedDraw | undefined> {
  return db.transaction().execute(async (trx) => {
    const contest = await claimDraw(trx, contestId, now);
    if (!contest) return undefined;
    const members = await qualifiedMembers(trx, contest.community_id, contest.starts_at, contest.draws_at, contest.threshold_pips);
    const entries = await insertEntries(trx, contest.id, members);
    const sorted = sortEntries(entries.map((entry) => entry.id));
    await setEntriesHash(trx, contest.id, entriesHashOf(sorted));
    const winningEntries = drawWinners(contest.seed, sorted, contest.number_of_winners);
    const userOfEntry = new Map(entries.map((entry) => [entry.id, entry.userId]));
    const memberOf = new Map(members.map((member) => [member.userId, member]));
    const winners = winningEntries.map((entryId) => {
      const userId = userOfEntry.get(entryId)!;
      const member = memberOf.get(userId)!;
      return {
        userId,
        entryId,
        realName: shortName(member.firstName, member.lastName),
        playerName: { en: playerName(contest, userId, 'en'), es: playerName(contest, userId, 'es') },
      };
    });
    // No name is stored with the winners: operators read the account's, members the player's.
    await insertWinners(
      trx,
      winners.map((winner, position) => ({ contestId: contest.id, entryId: winner.entryId, userId: winner.userId, position })),
    );
    return {
      contestId: contest.id,
      communityId: contest.community_id,
      name: contest.name,
      prize: contest.prize,
      entryCount: entries.length,
      winners,
    };
  });
}

/**
 * Draws every contest whose drawing date has come (at start, on the server's timer, or from the
 * operator's `ctw:draw`); each is drawn once whoever runs it. The winners are notified after the
 * commit; a failed notification does not undo a draw.
 */
export async function runDueDraws(
  db: Kysely<Database>,
  now: Date,
  notify: NotifyWinners,
  onNotifyError: (error: unknown, draw: FinishedDraw) => void = () => {},
): Promise<FinishedDraw[]> {
  const finished: FinishedDraw[] = [];
  for (const id of await listDueContestIds(db, now)) {
    const draw = await drawContest(db, id, now);
    if (!draw) continue;
    finished.push(draw);
    try {
      await notify(draw);
    } catch (error) {
      onNotifyError(error, draw);
    }
  }
  return finished;
}
