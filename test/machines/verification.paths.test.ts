import { verificationMachine } from '../../machines/verification.machine';
import type { VerificationEvent } from '../../machines/verification.types';
import {
  actorEvents,
  userEvents,
  type ActorOutputFixtures,
  type EventFixtures,
} from './pathCoverage';
import { describePathCoverage } from './describePathCoverage';

const eventFixtures = {
  'user.submit': [
    { type: 'user.submit', code: ' 123456 ' },
    { type: 'user.submit', code: '12345' },
  ],
  'user.resend': [{ type: 'user.resend' }],
} satisfies EventFixtures<VerificationEvent>;

const outputFixtures = {
  verifyCode: [
    { ok: true },
    { ok: false, code: 'INVALID_CODE' },
    { ok: false, code: 'CODE_EXPIRED' },
    { ok: false, code: 'CODE_ATTEMPTS_EXCEEDED' },
    { ok: false, code: 'NETWORK_ERROR' },
    { ok: false, code: 'ALREADY_VERIFIED' },
  ],
  resendCode: [{ ok: true }, { ok: false, code: 'RATE_LIMITED' }, { ok: false, code: 'ALREADY_VERIFIED' }],
} satisfies ActorOutputFixtures<typeof verificationMachine>;

const events = [...userEvents(eventFixtures), ...actorEvents(verificationMachine, outputFixtures)];
describePathCoverage('verification', verificationMachine, { events });
