// Loads fake-indexeddb before Dexie is imported.
import { MEMBER, resetData, signIn, startApp, toastsRaised, waitForLoad, waitForMember, type AppActorRef } from '../data/dataTestKit';
import { notifications, notificationsStore } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor, type Actor, type AnyActorLogic } from 'xstate';
import { chanceToWinMachine } from '../../../machines/chanceToWin.machine';
import { selectAccepted } from '../../../machines/qrScanner.selectors';
import { CONFETTI, memoryKey, toContestOutput } from '../../../src/actors/chanceToWin';
import { fakeFetch, requests } from '../screens/fakeFetch';

/** tsParticles' confetti, as the binding loads it: what it was asked for, and whether it was reset. */
/** Each call's record is its own, so a reset timer left by an earlier test cannot count in this one. */
type ConfettiCall = { id: string; options: Record<string, unknown>; at: number; destroyedAt: number[] };
const confetti = vi.hoisted(() => ({ calls: [] as ConfettiCall[] }));
vi.mock('@tsparticles/confetti', () => ({
  confetti: async (id: string, options: Record<string, unknown>) => {
    const call: ConfettiCall = { id, options, at: performance.now(), destroyedAt: [] };
    confetti.calls.push(call);
    return { destroy: () => void call.destroyedAt.push(performance.now()) };
  },
}));

const CONTEST_PATH = '/mobile/contest/chancetowin';
const qualifiedToast = "success: Congratulations! You've qualified for the Chance to Win contest.";
const code = 'Ab3dEf6hIj9kLm0p';

/**
 * The server: the current contest (threshold 10) with the earned pips the test sets, a QR earn of
 * 10 pips, the balances. Records every call, and when each contest request came.
 */
function serve(start: { earnedPips: number; thresholdInPips?: number }) {
  const state = { earnedPips: start.earnedPips, thresholdInPips: start.thresholdInPips ?? 10, contestAt: [] as number[], earnedAt: [] as number[], dashboardAt: [] as number[] };
  const sent = fakeFetch({
    [`GET ${CONTEST_PATH}`]: () => {
      state.contestAt.push(Date.now());
      return {
        data: {
          id: 42,
          name: 'Autumn draw',
          thresholdInPips: state.thresholdInPips,
          earnedPips: state.earnedPips,
          startDate: '2026-11-01T00:00:00.000Z',
          drawingDate: '2026-12-01T00:00:00.000Z',
          winners: [],
          players: [],
        },
      };
    },
    'POST /api/tokenize': { data: { token: 'qr-token-123' } },
    'POST /mobile/earn/qr/post': () => {
      state.earnedPips += 10;
      state.earnedAt.push(Date.now());
      return { data: { title: 'Park clean-up', pipsEarned: 10, availablePips: state.earnedPips } };
    },
    'GET /mobile/dashboard': () => {
      state.dashboardAt.push(Date.now());
      return { data: { availablePips: state.earnedPips, totalEarnedPips: state.earnedPips, totalUsedPips: 0, actions: [] } };
    },
  });
  return { sent, state, contestCalls: () => requests(sent, 'GET', CONTEST_PATH).length };
}

const chanceToWinOf = (app: AppActorRef) => app.system.get('chanceToWin')!;

/** The member's app, once its contest has loaded `loads` times and the contest actor is ready again. */
async function appWithContest(loads = 1) {
  const app = startApp({ connectivity: { isOnline: () => true, locks: undefined } });
  await waitForMember(app, MEMBER);
  await settled(app, loads);
  return app;
}

/** Waits until the contest was requested `loads` times and the answer has been taken in. */
async function settled(app: AppActorRef, loads: number) {
  await vi.waitFor(() => expect(requests(sentRequests, 'GET', CONTEST_PATH).length).toBe(loads));
  await waitFor(chanceToWinOf(app), (s) => s.matches({ signedIn: 'ready' }));
}
let sentRequests: ReturnType<typeof serve>['sent'] = [];

/** The contest's states from now on, one entry per step it takes. */
function stepsOf(app: AppActorRef) {
  const steps: unknown[] = [];
  const subscription = chanceToWinOf(app).subscribe((snapshot: { value: unknown }) => steps.push(snapshot.value));
  unsubscribes.push(() => subscription.unsubscribe());
  return () => steps;
}

/** The names of the actions the contest runs from now on, in order (xstate's inspection). */
function actionsOf(app: AppActorRef) {
  const run: string[] = [];
  const subscription = app.system.inspect((event) => {
    // The contest's logic runs as the lazy actor's child (src/actors/lazyActor.ts): its machine says whose it is.
    if (event.type === '@xstate.action' && ((event.actorRef as Actor<AnyActorLogic>).logic as { id?: string }).id === chanceToWinMachine.id) run.push(event.action.type);
  });
  unsubscribes.push(() => subscription.unsubscribe());
  return () => run;
}
const unsubscribes: Array<() => void> = [];

/** The page is hidden or shown again, as the browser tells it. */
function pageBecomes(state: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
  document.dispatchEvent(new Event('visibilitychange'));
}

/** The member prefers reduced motion (or not), as prefers-reduced-motion answers. */
function prefersReducedMotion(reduced: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduced && query === '(prefers-reduced-motion: reduce)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

/** An earn of 10 pips through the app's earn scanner (a scanned QR link). */
async function earnByQr(app: AppActorRef) {
  const scanner = app.system.get('earnScanner')!;
  scanner.send({ type: 'link.opened', text: `https://pips.example.org/earn?qr=${code}` });
  const ended = await waitFor(scanner, (s) => s.matches('done') || s.matches('rejected'));
  expect(selectAccepted(ended)).toMatchObject({ kind: 'earned', pipsEarned: 10 });
}

const celebrations = () => toastsRaised().filter((toast) => toast === qualifiedToast).length;

afterEach(async () => {
  unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe());
  confetti.calls.length = 0;
  sentRequests = [];
  await resetData();
});

describe('toContestOutput (the contest answer as the machine reads it)', () => {
  it('CHALLENGE_NOT_ACTIVE and an answer without an id clear the contest; other failures are failures', () => {
    expect(toContestOutput({ success: false, error: 'CHALLENGE_NOT_ACTIVE' })).toEqual({ ok: true, contest: null });
    expect(toContestOutput({ success: true, data: { name: 'x' } as never })).toEqual({ ok: true, contest: null });
    expect(toContestOutput({ success: false, error: 'NETWORK_ERROR' })).toEqual({ ok: false, code: 'NETWORK_ERROR' });
    const data = { id: 3, thresholdInPips: 10, earnedPips: 4 } as never;
    expect(toContestOutput({ success: true, data })).toEqual({ ok: true, contest: { id: 3, thresholdInPips: 10, earnedPips: 4, data } });
  });
});

describe('the Chance to Win contest as the app binds it (API, page visibility, pips, localStorage, motion preference, toast, tsParticles)', () => {
  it('loads the contest once the member is verified, and again whenever the page becomes visible (not when it is hidden)', async () => {
    signIn();
    const server = serve({ earnedPips: 0 });
    sentRequests = server.sent;
    const app = await appWithContest(1);
    expect(server.contestCalls()).toBe(1);

    // The browser calls every listener before dispatchEvent returns, and a `page.visible` would move
    // the contest from `ready` to `loading` in that same call: no step at all means no load.
    const steps = stepsOf(app);
    pageBecomes('hidden');
    expect(steps()).toEqual([]);
    expect(chanceToWinOf(app).getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
    expect(server.contestCalls()).toBe(1);

    pageBecomes('visible');
    // The same record sees the load a visible page starts, at once.
    expect(steps()).toContainEqual({ signedIn: 'loading' });
    await settled(app, 2);
    pageBecomes('visible');
    await settled(app, 3);
  });

  it('loads the contest again 500 ms after an earn raises the pips, not before', async () => {
    signIn();
    const server = serve({ earnedPips: 0 });
    sentRequests = server.sent;
    const app = await appWithContest(1);
    await waitForLoad(app, 'dashboard', 'succeeded');

    await earnByQr(app);
    await settled(app, 2);
    const waited = server.state.contestAt[1] - server.state.earnedAt[0];
    expect(waited).toBeGreaterThanOrEqual(495);
    expect(waited).toBeLessThan(1500);
    // The earn crossed the threshold: the contest the screen reads has the new pips.
    expect((chanceToWinOf(app).getSnapshot().context as { contest: { earnedPips: number } }).contest.earnedPips).toBe(10);
  });

  it('loads the contest again 500 ms after a fresh dashboard shows more pips earned elsewhere (another device, the operator)', async () => {
    signIn();
    const server = serve({ earnedPips: 0 });
    sentRequests = server.sent;
    const app = await appWithContest(1);
    await waitForLoad(app, 'dashboard', 'succeeded');

    // 20 pips arrive on the server without this app earning them; the dashboard is fetched again.
    server.state.earnedPips = 20;
    const dashboardsBefore = requests(server.sent, 'GET', '/mobile/dashboard').length;
    app.system.get('resources')!.send({ type: 'resource.reload', key: 'dashboard' });
    await vi.waitFor(() => expect(requests(server.sent, 'GET', '/mobile/dashboard').length).toBe(dashboardsBefore + 1));
    await settled(app, 2);
    expect(server.state.contestAt[1] - server.state.dashboardAt.at(-1)!).toBeGreaterThanOrEqual(495);
    expect((chanceToWinOf(app).getSnapshot().context as { contest: { earnedPips: number } }).contest.earnedPips).toBe(20);
  });

  it('celebrates crossing the threshold once: the toast and 300 confetti particles at z-index 250, reset at 3300 ms', async () => {
    signIn();
    prefersReducedMotion(false);
    const server = serve({ earnedPips: 0 });
    sentRequests = server.sent;
    const app = await appWithContest(1);
    expect(celebrations()).toBe(0);

    await earnByQr(app);
    await settled(app, 2);
    expect(celebrations()).toBe(1);
    // A success toast for 5 s.
    const [toast] = notificationsStore.getState().notifications.concat(notificationsStore.getState().queue);
    expect(toast).toMatchObject({ autoClose: 5000, 'data-kind': 'success' });
    await vi.waitFor(() => expect(confetti.calls).toHaveLength(1));
    expect(confetti.calls[0].options).toMatchObject({ particleCount: CONFETTI.particleCount, zIndex: CONFETTI.zIndex });
    expect(CONFETTI).toEqual({ particleCount: 300, durationMs: 3000, resetMs: 3300, zIndex: 250 });
    // Reset once, and not before its time: measured from the call, so a slow machine cannot fail it.
    const [launched] = confetti.calls;
    await vi.waitFor(() => expect(launched.destroyedAt).toHaveLength(1), { timeout: 10_000 });
    expect(launched.destroyedAt[0] - launched.at).toBeGreaterThanOrEqual(CONFETTI.resetMs - 5);

    // Shown again later, still qualified: no second celebration.
    notifications.clean();
    pageBecomes('visible');
    await settled(app, 3);
    expect(celebrations()).toBe(0);
    expect(confetti.calls).toHaveLength(1);
  });

  it('remembers on the device what it celebrated: a reload of the app never celebrates the same contest again', async () => {
    signIn();
    prefersReducedMotion(false);
    const server = serve({ earnedPips: 0 });
    sentRequests = server.sent;
    const first = await appWithContest(1);
    await earnByQr(first);
    await settled(first, 2);
    expect(celebrations()).toBe(1);
    expect(JSON.parse(localStorage.getItem(memoryKey(MEMBER))!)).toEqual({ seen: { '42:10': 10 }, celebrated: ['42:10'] });
    first.stop();
    notifications.clean();

    // The page is reloaded: a new app on the same device, the member still qualified.
    const again = await appWithContest(3);
    expect(chanceToWinOf(again).getSnapshot().context).toMatchObject({ memory: { celebrated: ['42:10'] } });
    expect(celebrations()).toBe(0);
    expect(confetti.calls).toHaveLength(1);

    // A new threshold for the same contest can be crossed (and celebrated) again.
    server.state.thresholdInPips = 20;
    pageBecomes('visible');
    await settled(again, 4);
    await earnByQr(again);
    await settled(again, 5);
    expect(celebrations()).toBe(1);
    await vi.waitFor(() => expect(confetti.calls).toHaveLength(2));
  });

  it('does not celebrate a contest it first sees already qualified (a new device knows nothing of "below")', async () => {
    signIn();
    const server = serve({ earnedPips: 15 });
    sentRequests = server.sent;
    await appWithContest(1);
    expect(celebrations()).toBe(0);
    expect(JSON.parse(localStorage.getItem(memoryKey(MEMBER))!)).toEqual({ seen: { '42:10': 15 }, celebrated: [] });
  });

  it('with prefers-reduced-motion: the toast alone, no confetti', async () => {
    signIn();
    prefersReducedMotion(true);
    const server = serve({ earnedPips: 0 });
    sentRequests = server.sent;
    const app = await appWithContest(1);
    expect(chanceToWinOf(app).getSnapshot().context).toMatchObject({ reducedMotion: true });
    const actionsRun = actionsOf(app);

    await earnByQr(app);
    await settled(app, 2);
    expect(celebrations()).toBe(1);
    // The step that raised the toast is the one that would have launched tsParticles: it ran the toast alone.
    expect(actionsRun()).toContain('showQualifiedToast');
    expect(actionsRun()).not.toContain('launchConfetti');
    expect(confetti.calls).toHaveLength(0);
  });
});
