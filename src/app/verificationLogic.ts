import { fromPromise } from 'xstate';
import { verificationMachine } from '../../machines/verification.machine';
import type { VerificationCallOutput, VerifyCodeInput } from '../../machines/verification.types';
import type { Api, ApiResult } from '../api/client';

const toCallOutput = (result: ApiResult<unknown>): VerificationCallOutput =>
  result.success ? { ok: true } : { ok: false, code: result.error };

/** The verification machine bound to the verify call; `onVerified` tells the session. */
export function createVerificationLogic({ api, onVerified }: { api: Api; onVerified: () => void }) {
  return verificationMachine.provide({
    actors: {
      verifyCode: fromPromise<VerificationCallOutput, VerifyCodeInput>(async ({ input, signal }) =>
        toCallOutput(await api.verify({ code: input.code }, { signal })),
      ),
      resendCode: fromPromise<VerificationCallOutput>(async ({ signal }) =>
        toCallOutput(await api.verify({ op: 'resend' }, { signal })),
      ),
    },
    actions: { notifyVerified: () => onVerified() },
  });
}
