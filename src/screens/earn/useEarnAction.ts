import { useState } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { earnActionMachine } from '../../../machines/earnAction.machine';
import type { EarnInput, EarnOutput } from '../../../machines/earnAction.types';
import { api } from '../../app/api';
import { commonMessages } from '../../app/errorMessages';
import { showToast } from '../../app/toast';
import { beginWrite, settleWrite } from '../../data/idempotencyKeys';
import { refreshPips } from '../../data/resources';
import { i18n } from '../../i18n/i18n';
import { describeEarnError, earnErrorMessages, earnedMessage } from './earnMessages';
import { createExternalTab } from './externalTab';

/** The write an earn's key belongs to: the member's next try of this promo reuses it. */
export const earnWrite = (pid: number) => `earn:${pid}`;

/** POST /mobile/earn: the credit, or the refusal's code. Until a definite answer the key stays unresolved. */
const earnLogic = fromPromise<EarnOutput, EarnInput>(async ({ input, signal }) => {
  beginWrite(earnWrite(input.pid), input.idempotencyKey);
  const result = await api.earn(input, { signal });
  settleWrite(earnWrite(input.pid), result);
  if (!result.success) return { ok: false, code: result.error };
  const { pipsEarned, availablePips, url } = result.data;
  return { ok: true, pipsEarned, availablePips, url: url ?? null };
});

/** Refusals that mean the promo list is out of date (it still offered what cannot be earned). */
const staleListCodes = new Set(['ALREADY_EARNED', 'ALREADY_EARNED_TODAY', 'NOT_FOUND']);

/**
 * The earnAction actor of the Earn screen, its effects bound to the browser: the API, a tab
 * opened in the click, toasts, and `refreshPips` after a credit (or after a refusal showing that
 * the list is stale).
 */
export function useEarnAction() {
  const [logic] = useState(() => {
    const tab = createExternalTab();
    return earnActionMachine.provide({
      actors: { earn: earnLogic },
      actions: {
        openBlankTab: () => tab.openBlank(),
        showPageInTab: (_, { url }) => tab.show(url),
        closeTab: () => tab.close(),
        notifyEarned: (_, { pipsEarned }) => {
          showToast('success', i18n._(earnedMessage(pipsEarned)));
          refreshPips();
        },
        notifyFailed: (_, { code }) => {
          const known = code in earnErrorMessages;
          showToast('error', i18n._(describeEarnError(code)), { title: known ? undefined : i18n._(commonMessages.somethingWrong) });
          if (staleListCodes.has(code)) refreshPips();
        },
      },
    });
  });
  return useActorRef(logic);
}
