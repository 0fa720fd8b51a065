import { msg } from '@lingui/core/macro';
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { chanceToWinMachine } from '../../machines/chanceToWin.machine';
import type { FetchContestInput, FetchContestOutput, QualificationMemory } from '../../machines/chanceToWin.types';
import type { ChanceToWin } from '../api/client';
import { chanceToWinTexts } from '../data/contentTexts';
import { i18n } from '../i18n/i18n';
import type { SystemApi } from './api';
import { showToast } from './toast';
import { afterDatabaseHold } from '../data/lazyDatabases';

export const qualifiedMessage = msg({ id: 'chanceToWin.qualified', message: "Congratulations! You've qualified for the Chance to Win contest." });

/** Where the member's qualification memory is kept on this device. */
export const memoryKey = (userId: number) => `pips.chanceToWin.${userId}`;

/** The confetti of a qualification (issue 11): 300 particles for 3000 ms, reset at 3300 ms, above the app (z-index 250). */
export const CONFETTI = { particleCount: 300, durationMs: 3000, resetMs: 3300, zIndex: 250 } as const;

function readMemory(userId: number): QualificationMemory {
  try {
    const parsed = JSON.parse(localStorage.getItem(memoryKey(userId)) ?? 'null') as Partial<QualificationMemory> | null;
    if (!parsed || typeof parsed.seen !== 'object' || !Array.isArray(parsed.celebrated)) return { seen: {}, celebrated: [] };
    return { seen: parsed.seen ?? {}, celebrated: parsed.celebrated };
  } catch {
    return { seen: {}, celebrated: [] };
  }
}

/** tsParticles' confetti, loaded only when a member qualifies. */
async function launchConfetti(): Promise<void> {
  const { confetti } = await import('@tsparticles/confetti');
  const container = await confetti('ctw-confetti', {
    particleCount: CONFETTI.particleCount,
    zIndex: CONFETTI.zIndex,
    spread: 120,
    startVelocity: 45,
    origin: { x: 0.5, y: 0.6 },
    // About 60 frames a second: 180 ticks is 3000 ms.
    ticks: (CONFETTI.durationMs / 1000) * 60,
  });
  setTimeout(() => container?.destroy(), CONFETTI.resetMs);
}

/** The Chance to Win answer as the machine reads it: none for CHALLENGE_NOT_ACTIVE or no id. */
export const toContestOutput = (result: { success: true; data: ChanceToWin } | { success: false; error: string }): FetchContestOutput => {
  if (!result.success) return result.error === 'CHALLENGE_NOT_ACTIVE' ? { ok: true, contest: null } : { ok: false, code: result.error };
  const data = result.data;
  if (!data || typeof data.id !== 'number') return { ok: true, contest: null };
  return { ok: true, contest: { id: data.id, thresholdInPips: data.thresholdInPips, earnedPips: data.earnedPips, data } };
};

/**
 * The chanceToWin machine bound to the browser: GET /mobile/contest/chancetowin, the memory in
 * localStorage, the page's visibility, prefers-reduced-motion, the toast and tsParticles.
 */
export function chanceToWinLogic({ systemApi: { apiOf } }: { systemApi: SystemApi }) {
  return chanceToWinMachine.provide({
    actors: {
      fetchContest: fromPromise<FetchContestOutput, FetchContestInput>(async ({ signal, system }) => {
        const api = apiOf(system);
        const result = await api.getChanceToWin(undefined, { signal });
        const language = i18n.locale;
        if (!result.success || !result.data || language.startsWith('en')) return toContestOutput(result);
        // The contest's name and prize in the member's language (the original where that fails).
        try {
          const { translateContent } = await afterDatabaseHold(() => import('../data/translations'));
          return toContestOutput({ success: true, data: await translateContent(api, language, result.data, chanceToWinTexts, signal) });
        } catch {
          return toContestOutput(result);
        }
      }),
      readMemory: fromPromise<QualificationMemory, { userId: number }>(async ({ input }) => readMemory(input.userId)),
      // What tells the contest to look again: the page shown again and the connection back. A rise
      // of the member's totalEarnedPips (issue 11) comes as `pips.changed` from the resources
      // actor, which follows the dashboard (machines/resources.machine.ts).
      watchVisibility: fromCallback<EventObject>(({ sendBack }) => {
        const onChange = () => {
          if (document.visibilityState === 'visible') sendBack({ type: 'page.visible' });
        };
        const onOnline = () => sendBack({ type: 'page.visible' });
        document.addEventListener('visibilitychange', onChange);
        window.addEventListener('online', onOnline);
        return () => {
          document.removeEventListener('visibilitychange', onChange);
          window.removeEventListener('online', onOnline);
        };
      }),
      watchMotionPreference: fromCallback<EventObject>(({ sendBack }) => {
        if (typeof matchMedia !== 'function') return () => {};
        const query = matchMedia('(prefers-reduced-motion: reduce)');
        sendBack({ type: 'motion.preference', reduced: query.matches });
        const onChange = (event: MediaQueryListEvent) => sendBack({ type: 'motion.preference', reduced: event.matches });
        query.addEventListener?.('change', onChange);
        return () => query.removeEventListener?.('change', onChange);
      }),
    },
    actions: {
      storeMemory: (_, { userId, memory }) => {
        try {
          localStorage.setItem(memoryKey(userId), JSON.stringify(memory));
        } catch {
          // A full or blocked storage costs only a repeated celebration later.
        }
      },
      showQualifiedToast: () => showToast('success', () => i18n._(qualifiedMessage), { id: 'chance-to-win-qualified', autoClose: 5000 }),
      launchConfetti: () => void launchConfetti().catch(() => {}),
    },
  });
}
