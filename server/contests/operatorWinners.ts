import type { Kysely, Transaction } from 'kysely';
import { deletedMember, shortName } from '../accountLabels';
import { winnerAccounts, type WinnerRow } from '../db/repositories/chanceToWin';
import type { Database } from '../db/schema';

/** A winner as operators see it (AdminCtwWinner): the account's name and e-mail, to hand the prize. */
export interface OperatorWinner {
  /** 1 for the first winner drawn. */
  position: number;
  /** First name and initial; `deleted member #id` once the account is deleted. */
  name: string;
  userId: number;
  /** null once the account is deleted. */
  email: string | null;
  entryId: number;
}

/**
 * Who won, for the operator API and the CLI: names are read from the accounts (no copy is kept
 * with the draw), so a deleted account shows as `deleted member #id`, without its name or e-mail.
 */
export async function operatorWinners(
  db: Kysely<Database> | Transaction<Database>,
  winners: ReadonlyMap<number, readonly WinnerRow[]>,
): Promise<Map<number, OperatorWinner[]>> {
  const accounts = await winnerAccounts(db, [...winners.values()].flatMap((list) => list.map((w) => w.userId)));
  return new Map(
    [...winners].map(([contestId, list]) => [
      contestId,
      list.map((w) => {
        const account = accounts.get(w.userId);
        const gone = !account || account.deleted;
        return {
          position: w.position + 1,
          name: gone ? deletedMember(w.userId) : shortName(account.firstName, account.lastName),
          userId: w.userId,
          email: gone ? null : account.email,
          entryId: w.entryId,
        };
      }),
    ]),
  );
}
