import type { Transaction } from 'kysely';
import { earnClaimExists, insertEarnClaim } from '../db/repositories/earnClaims';
import { earnActionsCompletedBy } from '../db/repositories/promos';
import type { Database, EarnCompletion } from '../db/schema';
import type { LedgerService } from '../plugins/app/ledger';
import { claimFor, limitReached } from './limits';

/**
 * Earn actions completed in the app (`promos.completed_by`): each in-app event leads to its
 * screen, and pays the actions it completes, in the event's own transaction.
 */
export const EARN_COMPLETIONS: readonly EarnCompletion[] = ['triviaAnswer', 'triviaRightAnswer'];

/** The app screen where the member completes the event (the action's `redirectToInternalScreen`). */
export const completionScreen: Record<EarnCompletion, string> = {
  triviaAnswer: '/trivia/individual',
  triviaRightAnswer: '/trivia/individual',
};

/** What the operator tools print for an event. */
export const completionLabel: Record<EarnCompletion, string> = {
  triviaAnswer: 'answering the question of the day',
  triviaRightAnswer: 'a right answer to the question of the day',
};

/**
 * Inside the event's transaction: pays every active earn action of the member's community that
 * one of `events` completes, through `ledger.post`, once per its limit (an earn claim like the
 * earn call's; an action already claimed in its period pays nothing). Returns the pips paid.
 * The event's idempotency key (ledger.once around it) makes a replay answer the first result.
 */
export async function payCompletedActions(
  trx: Transaction<Database>,
  ledger: Pick<LedgerService, 'post'>,
  input: { userId: number; events: readonly EarnCompletion[]; at: Date },
): Promise<number> {
  let paid = 0;
  for (const action of await earnActionsCompletedBy(trx, input.userId, input.events)) {
    if (action.pips <= 0) continue;
    const claim = action.earn_limit === 'unlimited' ? null : claimFor(input.userId, 'promo', action.id, action.earn_limit, input.at);
    if (claim && (await earnClaimExists(trx, claim))) continue;
    const posted = await ledger.post(trx, { userId: input.userId, delta: action.pips, kind: 'promo', sourceId: action.id, title: action.title });
    // The unique claim is the backstop of a race: the loser's whole transaction is refused.
    if (claim && !(await insertEarnClaim(trx, claim, posted.entryId, input.at))) throw limitReached(claim.limit);
    paid += action.pips;
  }
  return paid;
}
