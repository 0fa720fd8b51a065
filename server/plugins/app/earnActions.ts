import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Schema } from '../../api/types';
import { availablePips } from '../../db/repositories/ledger';
import { findEarnPromoOfMember } from '../../db/repositories/promos';
import type { Database } from '../../db/schema';
import { claimFor, refuseIfClaimed, takeClaim, withLimit, type Limit } from '../../earning/limits';
import { AppError } from '../../errors';
import type { LedgerService } from './ledger';
import type { AuthContext } from './sessions';

/**
 * External earn actions (`earn`, body pid): credits the promo's pips through `ledger.once` +
 * `ledger.post`, within its per-member limit; the answer may hold the url the app opens.
 */
export interface EarnActionService {
  earn(auth: AuthContext, pid: number, idempotencyKey?: string): Promise<Schema<'EarnResult'>>;
}

const notFound = () => new AppError('NOT_FOUND', 404, 'No such earn action.');
const earnedByForm = () => new AppError('NOT_FOUND', 404, 'This action is earned by submitting its form.');
const earnedInApp = () => new AppError('NOT_FOUND', 404, 'This action is earned by completing it in the app.');

export function createEarnActionService(deps: { db: Kysely<Database>; ledger: LedgerService; now: () => Date }): EarnActionService {
  const { ledger, now } = deps;
  return {
    async earn(auth, pid, idempotencyKey) {
      const userId = auth.userId;
      let limit: Limit | null = null;
      return withLimit(
        () => limit,
        () =>
          ledger.once({ userId, key: idempotencyKey, operation: 'earn', fingerprint: `pid=${pid}` }, async (trx) => {
            const promo = await findEarnPromoOfMember(trx, userId, pid);
            if (!promo) throw notFound();
            // A promo that leads to a questionnaire pays when the form is submitted, not here:
            // otherwise the member would be paid twice for one form.
            if (promo.questionnaire_id !== null) throw earnedByForm();
            // One completed in the app pays when the member completes it there (completedBy).
            if (promo.completed_by !== null) throw earnedInApp();
            limit = promo.earn_limit === 'unlimited' ? null : promo.earn_limit;
            const time = now();
            const claim = limit && claimFor(userId, 'promo', promo.id, limit, time);
            if (claim) await refuseIfClaimed(trx, claim);

            let balance: number;
            if (promo.pips > 0) {
              const posted = await ledger.post(trx, {
                userId,
                delta: promo.pips,
                kind: 'promo',
                sourceId: promo.id,
                title: promo.title,
                idempotencyKey: idempotencyKey ?? null,
              });
              balance = posted.availablePips;
              if (claim) await takeClaim(trx, claim, posted.entryId, time);
            } else {
              // An action worth no pips (it only leads somewhere): nothing to credit or limit.
              balance = await availablePips(trx, userId);
            }
            const result: Schema<'EarnResult'> = { pipsEarned: promo.pips, availablePips: balance };
            if (promo.url) result.url = promo.url;
            return result;
          }),
      );
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    earnActions: EarnActionService;
  }
}

export default fp(
  async (app) => {
    app.decorate('earnActions', createEarnActionService({ db: app.db, ledger: app.ledger, now: app.now }));
  },
  { name: 'earnActions', dependencies: ['db', 'core', 'ledger'] },
);
