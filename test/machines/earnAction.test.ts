import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { earnActionMachine } from '../../machines/earnAction.machine';
import { selectEarnError, selectEarningPid, selectIsEarning, selectLastEarned } from '../../machines/earnAction.selectors';
import type { EarnActionEvent, EarnInput, EarnOutput } from '../../machines/earnAction.types';
import { action, actorStarted, received, sendAction, startRecorded } from './recording';

type Call = [string, unknown?];

/** The machine with a fake `earn` and every effect recorded, in order. */
function startEarning(answer: (input: EarnInput) => Promise<EarnOutput> = async () => ({ ok: true, pipsEarned: 5, availablePips: 15, url: null })) {
  const calls: Call[] = [];
  const machine = earnActionMachine.provide({
    actors: {
      earn: fromPromise<EarnOutput, EarnInput>(async ({ input }) => {
        calls.push(['earn', input]);
        return answer(input);
      }),
    },
    actions: {
      openBlankTab: () => void calls.push(['openBlankTab']),
      showPageInTab: (_, params) => void calls.push(['showPageInTab', params]),
      closeTab: () => void calls.push(['closeTab']),
      notifyEarned: (_, params) => void calls.push(['notifyEarned', params]),
      notifyFailed: (_, params) => void calls.push(['notifyFailed', params]),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

const click = (pid: number, url: string | null, idempotencyKey: string, online = true): EarnActionEvent => ({
  type: 'user.earn',
  pid,
  url,
  online,
  idempotencyKey,
});

describe('earning an action with a page', () => {
  it('opens a blank tab inside the click, then shows the answer url in it and notifies', async () => {
    const { actor, calls } = startEarning(async () => ({ ok: true, pipsEarned: 5, availablePips: 15, url: 'https://partner.example.org/thanks' }));
    actor.send(click(3, 'https://partner.example.org/survey', 'key-aaaaaaaa'));
    // Synchronously, before the request has answered: the tab is already open.
    expect(calls).toEqual([['openBlankTab'], ['earn', { pid: 3, idempotencyKey: 'key-aaaaaaaa', userId: null }]]);
    expect(selectIsEarning(actor.getSnapshot())).toBe(true);
    expect(selectEarningPid(actor.getSnapshot())).toBe(3);
    const s = await waitFor(actor, (s) => s.matches('succeeded'));
    expect(selectLastEarned(s)).toEqual({ pid: 3, pipsEarned: 5 });
    expect(calls.slice(2)).toEqual([
      ['showPageInTab', { url: 'https://partner.example.org/thanks' }],
      ['notifyEarned', { pid: 3, pipsEarned: 5 }],
    ]);
  });

  it("falls back to the promo's own url when the answer has none", async () => {
    const { actor, calls } = startEarning();
    actor.send(click(3, 'https://partner.example.org/survey', 'key-aaaaaaaa'));
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(calls).toContainEqual(['showPageInTab', { url: 'https://partner.example.org/survey' }]);
  });

  it.each(['ALREADY_EARNED', 'ALREADY_EARNED_TODAY', 'NOT_FOUND', 'NETWORK_ERROR'])('closes the tab and reports %s', async (code) => {
    const { actor, calls } = startEarning(async () => ({ ok: false, code }));
    actor.send(click(3, 'https://partner.example.org/survey', 'key-aaaaaaaa'));
    const s = await waitFor(actor, (s) => s.matches('failed'));
    expect(selectEarnError(s)).toBe(code);
    expect(calls.slice(2)).toEqual([['closeTab'], ['notifyFailed', { pid: 3, code }]]);
  });

  it('reports UNKNOWN_ERROR when the adapter throws', async () => {
    const { actor, calls } = startEarning(async () => {
      throw new Error('boom');
    });
    actor.send(click(3, null, 'key-aaaaaaaa'));
    const s = await waitFor(actor, (s) => s.matches('failed'));
    expect(selectEarnError(s)).toBe('UNKNOWN_ERROR');
    expect(calls.at(-1)).toEqual(['notifyFailed', { pid: 3, code: 'UNKNOWN_ERROR' }]);
  });
});

describe('earning an action without a page', () => {
  it('opens no tab, and closes nothing it did not open', async () => {
    const { actor, calls } = startEarning();
    actor.send(click(4, null, 'key-bbbbbbbb'));
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(calls).toEqual([
      ['earn', { pid: 4, idempotencyKey: 'key-bbbbbbbb', userId: null }],
      ['showPageInTab', { url: null }],
      ['notifyEarned', { pid: 4, pipsEarned: 5 }],
    ]);
  });
});

describe('offline', () => {
  it('sends nothing and opens no tab', () => {
    const { actor, calls } = startEarning();
    actor.send(click(3, 'https://partner.example.org/survey', 'key-aaaaaaaa', false));
    expect(selectEarnError(actor.getSnapshot())).toBe('OFFLINE');
    expect(calls).toEqual([['closeTab'], ['notifyFailed', { pid: 3, code: 'OFFLINE' }]]);
  });

  it('tells the member every time they click offline, also right after a failure', () => {
    const earn = startRecorded(earnActionMachine);
    earn.send(click(3, null, 'key-aaaaaaaa', false));
    earn.send(click(4, null, 'key-bbbbbbbb', false));
    expect(earn.log.take()).toEqual([
      action('closeTab'),
      action('notifyFailed', { pid: 3, code: 'OFFLINE' }),
      action('closeTab'),
      action('notifyFailed', { pid: 4, code: 'OFFLINE' }),
    ]);
    expect(earn.actor.getSnapshot().context.pid).toBe(4);
    earn.stop();
  });
});

describe('what an earn tells the rest of the app', () => {
  it('a credit tells the resources that pips moved', () => {
    const earn = startRecorded(earnActionMachine);
    earn.send(click(3, null, 'key-aaaaaaaa'));
    earn.resolve('earn', { ok: true, pipsEarned: 5, availablePips: 15, url: null });
    expect(earn.log.take()).toEqual([
      actorStarted('earn', { pid: 3, idempotencyKey: 'key-aaaaaaaa', userId: null }),
      action('showPageInTab', { url: null }),
      action('notifyEarned', { pid: 3, pipsEarned: 5 }),
      sendAction('tellPipsChanged', 'resources', { type: 'pips.changed' }),
    ]);
    earn.stop();
  });

  it.each(['ALREADY_EARNED', 'ALREADY_EARNED_TODAY', 'NOT_FOUND'])('reloadIfStale: %s shows the promo list is out of date, so it reloads', (code) => {
    const earn = startRecorded(earnActionMachine);
    earn.send(click(3, null, 'key-aaaaaaaa'));
    earn.resolve('earn', { ok: false, code });
    expect(earn.log.take().slice(1)).toEqual([action('closeTab'), action('notifyFailed', { pid: 3, code }), received('resources', { type: 'pips.changed' })]);
    earn.stop();
  });

  it.each(['NETWORK_ERROR', 'IDEMPOTENCY_KEY_REUSED'])('reloadIfStale: %s says nothing about the list, nothing reloads', (code) => {
    const earn = startRecorded(earnActionMachine);
    earn.send(click(3, null, 'key-aaaaaaaa'));
    earn.resolve('earn', { ok: false, code });
    expect(earn.log.take().slice(1)).toEqual([action('closeTab'), action('notifyFailed', { pid: 3, code })]);
    earn.stop();
  });
});

describe('one attempt at a time, and keys', () => {
  it('ignores clicks while an attempt runs', async () => {
    let release!: (output: EarnOutput) => void;
    const { actor, calls } = startEarning(() => new Promise((resolve) => (release = resolve)));
    actor.send(click(3, null, 'key-aaaaaaaa'));
    actor.send(click(4, null, 'key-bbbbbbbb'));
    expect(calls.filter(([name]) => name === 'earn')).toHaveLength(1);
    release({ ok: true, pipsEarned: 1, availablePips: 1, url: null });
    await waitFor(actor, (s) => s.matches('succeeded'));
  });

  it('sends each attempt with the key the screen gives it (the screen keeps a lost answer\'s key)', async () => {
    const answers: EarnOutput[] = [{ ok: false, code: 'NETWORK_ERROR' }, { ok: true, pipsEarned: 2, availablePips: 2, url: null }];
    const { actor, calls } = startEarning(async () => answers.shift()!);
    actor.send(click(3, null, 'key-first001'));
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send(click(4, null, 'key-second02'));
    await waitFor(actor, (s) => s.matches('succeeded'));
    expect(calls.filter(([name]) => name === 'earn').map(([, input]) => input)).toEqual([
      { pid: 3, idempotencyKey: 'key-first001', userId: null },
      { pid: 4, idempotencyKey: 'key-second02', userId: null },
    ]);
  });
});
