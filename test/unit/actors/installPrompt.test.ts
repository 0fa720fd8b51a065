import { resetData } from '../data/dataTestKit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, waitFor, type Actor } from 'xstate';
import { selectInstallButtonProminent, selectInstallButtonShown, selectInstallDialogOpen } from '../../../machines/installPrompt.selectors';
import { installKeys, installPromptLogic, isSafari, readInstallState } from '../../../src/actors/installPrompt';

const userAgents = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPadSafari: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  chromeOnIPhone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  macChrome: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36',
  windowsEdge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 Edg/123.0.0.0',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
};

/** The browser's install offer as Chromium dispatches it; `prompt()` is the browser's dialog. */
function installOffer(outcome: 'accepted' | 'dismissed') {
  const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => {}),
    userChoice: Promise.resolve({ outcome }),
  });
  return offer;
}

/** The page runs as the installed app (display-mode: standalone). */
function runStandalone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: query === '(display-mode: standalone)', media: query }) as MediaQueryList,
  );
}

const running: Array<Actor<ReturnType<typeof installPromptLogic>>> = [];
function startInstallPrompt() {
  const actor = createActor(installPromptLogic()).start();
  running.push(actor);
  return actor;
}

afterEach(async () => {
  running.splice(0).forEach((actor) => actor.stop());
  await resetData();
});

describe('isSafari (no beforeinstallprompt: the install instructions instead)', () => {
  it.each([
    ['iPhoneSafari', true],
    ['iPadSafari', true],
    ['chromeOnIPhone', true],
    ['macSafari', true],
    ['macChrome', false],
    ['androidChrome', false],
    ['windowsEdge', false],
    ['firefox', false],
  ] as const)('%s: %s', (browser, expected) => {
    expect(isSafari(userAgents[browser])).toBe(expected);
  });
});

describe('readInstallState', () => {
  const read = () => toPromise(createActor(readInstallState).start());

  it('a first visit in a browser that offers installing', async () => {
    expect(await read()).toEqual({ standalone: false, installed: false, views: 0, safari: false });
  });

  it('reads the views and the installed mark from local storage (a damaged count is no views)', async () => {
    localStorage.setItem(installKeys.installButtonViews, '2');
    localStorage.setItem(installKeys.appInstalled, 'true');
    expect(await read()).toMatchObject({ installed: true, views: 2 });
    localStorage.setItem(installKeys.installButtonViews, 'many');
    expect(await read()).toMatchObject({ views: 0 });
  });

  it('knows the installed app and Safari', async () => {
    runStandalone();
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgents.iPhoneSafari);
    expect(await read()).toMatchObject({ standalone: true, safari: true });
  });
});

describe('the install prompt binding (beforeinstallprompt, the views, the install check)', () => {
  it("keeps the browser's offer for the app's own button, counts the view, and shows the browser's dialog on install", async () => {
    const actor = startInstallPrompt();
    await waitFor(actor, (s) => s.matches({ offerable: 'waiting' }));
    expect(selectInstallButtonShown(actor.getSnapshot())).toBe(false);

    const offer = installOffer('accepted');
    window.dispatchEvent(offer);

    // The app shows its own button instead of the browser's mini-infobar.
    expect(offer.defaultPrevented).toBe(true);
    expect(selectInstallButtonShown(actor.getSnapshot())).toBe(true);
    expect(localStorage.getItem(installKeys.installButtonViews)).toBe('1');

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    actor.send({ type: 'user.install' });
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    await waitFor(actor, (s) => s.matches({ offerable: 'verifying' }));

    // The install is checked 5 s later; this browser does not say it was installed.
    vi.advanceTimersByTime(5000);
    await waitFor(actor, (s) => s.matches({ offerable: 'waiting' }));
    expect(localStorage.getItem(installKeys.appInstalled)).toBeNull();
  });

  it('an offer the browser made before the app listened is held (src/earlyInstallOffer.ts) and shows the button once the app starts', async () => {
    // A fresh page: the holder listens from its import on, as its own entry ahead of the app's script.
    vi.resetModules();
    await import('../../../src/earlyInstallOffer');
    const fresh = await import('../../../src/actors/installPrompt');
    const offer = installOffer('dismissed');
    window.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true);

    const actor = createActor(fresh.installPromptLogic()).start();
    running.push(actor as never);
    await waitFor(actor, (s) => s.matches({ offerable: 'available' }));
    expect(localStorage.getItem(installKeys.installButtonViews)).toBe('1');
    actor.send({ type: 'user.install' });
    expect(offer.prompt).toHaveBeenCalledTimes(1);
    await waitFor(actor, (s) => s.matches({ offerable: 'waiting' }));

    // The holder let go: the next offer is the app's own listener's, and it is not shown twice.
    const next = installOffer('accepted');
    window.dispatchEvent(next);
    expect(selectInstallButtonShown(actor.getSnapshot())).toBe(true);
    actor.stop();
    const restarted = createActor(fresh.installPromptLogic()).start();
    running.push(restarted as never);
    await waitFor(restarted, (s) => s.matches({ offerable: 'waiting' }));
  });

  it('the appinstalled event hides the button for good', async () => {
    const actor = startInstallPrompt();
    await waitFor(actor, (s) => s.matches({ offerable: 'waiting' }));
    window.dispatchEvent(installOffer('accepted'));
    window.dispatchEvent(new Event('appinstalled'));
    expect(actor.getSnapshot().value).toBe('installed');
    expect(localStorage.getItem(installKeys.appInstalled)).toBe('true');
  });

  it('a dismissed dialog puts the button away until the browser offers again', async () => {
    const actor = startInstallPrompt();
    await waitFor(actor, (s) => s.matches({ offerable: 'waiting' }));
    window.dispatchEvent(installOffer('dismissed'));
    actor.send({ type: 'user.install' });
    await waitFor(actor, (s) => s.matches({ offerable: 'waiting' }));
    expect(selectInstallButtonShown(actor.getSnapshot())).toBe(false);

    window.dispatchEvent(installOffer('accepted'));
    expect(selectInstallButtonShown(actor.getSnapshot())).toBe(true);
    expect(localStorage.getItem(installKeys.installButtonViews)).toBe('2');
  });

  it('changes the button after 3 views', async () => {
    localStorage.setItem(installKeys.installButtonViews, '3');
    const actor = startInstallPrompt();
    await waitFor(actor, (s) => s.matches({ offerable: 'waiting' }));
    expect(selectInstallButtonProminent(actor.getSnapshot())).toBe(false);
    window.dispatchEvent(installOffer('accepted'));
    expect(selectInstallButtonProminent(actor.getSnapshot())).toBe(true);
    expect(localStorage.getItem(installKeys.installButtonViews)).toBe('4');
  });

  it('Safari: the button opens the install instructions; closing and opening them again is not another view', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgents.macSafari);
    const actor = startInstallPrompt();
    await waitFor(actor, (s) => s.matches('instructions'));
    expect(selectInstallButtonShown(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.install' });
    expect(selectInstallDialogOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.close' });
    actor.send({ type: 'user.install' });
    expect(selectInstallDialogOpen(actor.getSnapshot())).toBe(true);
    expect(localStorage.getItem(installKeys.installButtonViews)).toBe('1');
  });

  it('running as the installed app: nothing is offered and the screen locks to portrait', async () => {
    runStandalone();
    const lock = vi.fn(async (_orientation: string) => {});
    Object.defineProperty(screen, 'orientation', { value: { lock }, configurable: true });
    const actor = startInstallPrompt();
    await waitFor(actor, (s) => s.matches('standalone'));
    expect(lock).toHaveBeenCalledWith('portrait');
    window.dispatchEvent(installOffer('accepted'));
    expect(selectInstallButtonShown(actor.getSnapshot())).toBe(false);
  });
});
