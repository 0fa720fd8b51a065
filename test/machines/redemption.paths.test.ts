import { redemptionMachine } from '../../machines/redemption.machine';
import type { RedemptionEvent } from '../../machines/redemption.types';
import { describePathCoverage } from './describePathCoverage';
import { actorEvents, userEvents, type ActorOutputFixtures, type EventFixtures } from './pathCoverage';

const eventFixtures = {
  'user.redeem': [{ type: 'user.redeem', pid: 3, optId: 31, idempotencyKey: 'key-0001-abcdef' }],
  'user.confirm': [{ type: 'user.confirm' }],
  'user.retry': [{ type: 'user.retry' }],
  'user.cancel': [{ type: 'user.cancel' }],
} satisfies EventFixtures<RedemptionEvent>;

const outputFixtures = {
  redeemReward: [
    { ok: true, transactionId: 41, availablePips: 60 },
    { ok: false, code: 'OUT_OF_STOCK' },
    { ok: false, code: 'INSUFFICIENT_PIPS' },
    { ok: false, code: 'NETWORK_ERROR' },
  ],
} satisfies ActorOutputFixtures<typeof redemptionMachine>;

const events = [...userEvents(eventFixtures), ...actorEvents(redemptionMachine, outputFixtures)];
describePathCoverage('redemption', redemptionMachine, { events });
