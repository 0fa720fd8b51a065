import { fromPromise } from 'xstate';
import { earnActionMachine } from '../../machines/earnAction.machine';
import type { EarnInput, EarnOutput } from '../../machines/earnAction.types';
import { commonMessages } from '../components/errorMessages';
import { beginWrite, settleWrite } from '../data/idempotencyKeys';
import { i18n } from '../i18n/i18n';
import { describeEarnError, earnErrorMessages, earnedMessage } from '../screens/earn/earnMessages';
import type { SystemApi } from './api';
import { createExternalTab, type ExternalTab } from './externalTab';
import { showToast } from './toast';

/** The write an earn's key belongs to: the member's next try of this promo reuses it. */
export const earnWrite = (pid: number) => `earn:${pid}`;

/**
 * The earnAction machine bound to the browser: POST /mobile/earn (the key of an attempt whose
 * answer was lost stays unresolved, so the next try reuses it), the tab opened in the click,
 * toasts.
 */
export function earnActionLogic({ systemApi: { apiOf }, tab = createExternalTab() }: { systemApi: SystemApi; tab?: ExternalTab }) {
  return earnActionMachine.provide({
    actors: {
      earn: fromPromise<EarnOutput, EarnInput>(async ({ input, signal, system }) => {
        const member = input.userId;
        beginWrite(member, earnWrite(input.pid), input.idempotencyKey);
        const result = await apiOf(system).earn({ pid: input.pid, idempotencyKey: input.idempotencyKey }, { signal });
        settleWrite(member, earnWrite(input.pid), result);
        if (!result.success) return { ok: false, code: result.error };
        const { pipsEarned, availablePips, url } = result.data;
        return { ok: true, pipsEarned, availablePips, url: url ?? null };
      }),
    },
    actions: {
      openBlankTab: () => tab.openBlank(),
      showPageInTab: (_, { url }) => tab.show(url),
      closeTab: () => tab.close(),
      notifyEarned: (_, { pipsEarned }) => showToast('success', () => i18n._(earnedMessage(pipsEarned))),
      notifyFailed: (_, { code }) => {
        const known = code in earnErrorMessages;
        showToast('error', () => i18n._(describeEarnError(code)), { title: known ? undefined : () => i18n._(commonMessages.somethingWrong) });
      },
    },
  });
}
