import { installPromptMachine } from '../../machines/installPrompt.machine';
import {
  selectInstallButtonProminent,
  selectInstallButtonShown,
  selectInstallDialogOpen,
  selectInstallPrompting,
} from '../../machines/installPrompt.selectors';
import type { InstallPromptEvent, InstallStateOutput } from '../../machines/installPrompt.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures, SerializeState } from './pathCoverage';
import { action, actorStarted, actorStopped, sendAction, type Effect } from './recording';

const events = {
  'prompt.available': [{ type: 'prompt.available' }],
  'prompt.accepted': [{ type: 'prompt.accepted' }],
  'prompt.dismissed': [{ type: 'prompt.dismissed' }],
  'app.installed': [{ type: 'app.installed' }],
  'user.install': [{ type: 'user.install' }],
  'user.close': [{ type: 'user.close' }],
} satisfies EventFixtures<InstallPromptEvent>;

const state = (over: Partial<InstallStateOutput>): InstallStateOutput => ({ standalone: false, installed: false, views: 0, safari: false, ...over });

const outputs = {
  readInstallState: [
    state({ standalone: true, installed: true }),
    state({ installed: true }),
    state({ safari: true, views: 2 }),
    state({ safari: true, views: 3 }),
    state({ views: 0 }),
    state({ views: 3 }),
  ],
  watchInstallPrompt: [undefined],
  checkInstalled: [true, false],
} satisfies ActorOutputFixtures<typeof installPromptMachine>;

/** Graph key: the state and whether the button is prominent (the view count grows with every showing). */
const serializeState: SerializeState = (s) => JSON.stringify({ value: s.value, prominent: s.context.views > 3 });

/**
 * The rules (the install-app button and its Safari dialog; the machine's doc comment):
 * running standalone nothing is offered and the screen locks to portrait; installed from this
 * browser (`appInstalled`) nothing is offered either. Otherwise the browser's offer is watched
 * and the top bar's button appears once it comes; on Safari, which never offers, the button is
 * there at once and opens the instructions dialog. Every showing of the button is one more view,
 * kept in `installButtonViews` (re-opening the dialog in the same visit is not); after 3 views
 * the button changes style. Pressing it shows the browser's dialog; dismissed, the button waits
 * for the next offer; accepted, the install is checked 5 s later: installed hides it for good
 * (kept in `appInstalled`), as does the browser saying it was installed.
 */
function installPromptRules() {
  let view: 'checking' | 'standalone' | 'installed' | 'waiting' | 'available' | 'prompting' | 'verifying' | 'checkingInstall' | 'safari' | 'dialog' =
    'checking';
  let views = 0;
  const show = (): Effect[] => {
    views += 1;
    return [action('storeViews', { views })];
  };
  const offerable = () => ['waiting', 'available', 'prompting', 'verifying', 'checkingInstall'].includes(view);
  return {
    started: [actorStarted('readInstallState')],
    on(event: PathEvent<InstallPromptEvent>): Effect[] {
      switch (event.type) {
        case 'xstate.done.actor.readInstallState': {
          const found = event.output as InstallStateOutput;
          if (found.standalone) {
            view = 'standalone';
            return [action('lockPortrait')];
          }
          if (found.installed) {
            view = 'installed';
            return [];
          }
          views = found.views;
          if (found.safari) {
            view = 'safari';
            return show();
          }
          view = 'waiting';
          return [actorStarted('watchInstallPrompt')];
        }
        case 'xstate.error.actor.readInstallState':
          view = 'waiting';
          return [actorStarted('watchInstallPrompt')];
        case 'prompt.available':
          if (view !== 'waiting') throw new Error(`an offer while ${view} changes nothing`);
          view = 'available';
          return show();
        case 'user.install':
          if (view === 'available') {
            view = 'prompting';
            return [sendAction('showPrompt', 'watchInstallPrompt', { type: 'prompt.show' })];
          }
          if (view === 'safari') {
            view = 'dialog';
            return [];
          }
          throw new Error(`no button while ${view}`);
        case 'user.close':
          if (view !== 'dialog') throw new Error('no dialog to close');
          view = 'safari';
          return [];
        case 'prompt.accepted':
        case 'prompt.dismissed':
          if (view !== 'prompting') throw new Error('no browser dialog open');
          view = event.type === 'prompt.accepted' ? 'verifying' : 'waiting';
          return [];
        case 'xstate.after.installCheck.installPrompt.offerable.verifying':
          if (view !== 'verifying') throw new Error('nothing to check');
          view = 'checkingInstall';
          return [actorStarted('checkInstalled')];
        case 'xstate.done.actor.checkInstalled':
          if (event.output === true) {
            view = 'installed';
            return [action('storeInstalled'), actorStopped('watchInstallPrompt')];
          }
          view = 'waiting';
          return [];
        case 'xstate.error.actor.checkInstalled':
          view = 'waiting';
          return [];
        case 'app.installed': {
          if (!offerable()) throw new Error(`installed while ${view}: nothing offered to hide`);
          const running = view === 'checkingInstall' ? [actorStopped('checkInstalled')] : [];
          view = 'installed';
          return [action('storeInstalled'), ...running, actorStopped('watchInstallPrompt')];
        }
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({
      buttonShown: ['available', 'prompting', 'safari', 'dialog'].includes(view),
      prominent: views > 3,
      dialogOpen: view === 'dialog',
      prompting: view === 'prompting',
      views,
    }),
  };
}

describeMachinePaths({
  name: 'installPrompt',
  machine: installPromptMachine,
  events,
  outputs,
  serializeState,
  meaning: (s) => ({
    buttonShown: selectInstallButtonShown(s),
    prominent: selectInstallButtonProminent(s),
    dialogOpen: selectInstallDialogOpen(s),
    prompting: selectInstallPrompting(s),
    views: s.context.views,
  }),
  oracle: installPromptRules,
  words: {
    events: {
      'prompt.available': 'the browser offers the install',
      'prompt.accepted': 'the member accepts it',
      'prompt.dismissed': 'the member dismisses it',
      'app.installed': 'the browser says the app is installed',
      'user.install': 'the member presses install',
      'user.close': 'closes the instructions',
      'xstate.done.actor.readInstallState': (e) => {
        const found = e.output as InstallStateOutput;
        if (found.standalone) return 'it runs standalone';
        if (found.installed) return 'it was installed from this browser';
        const seen = `the button was seen ${found.views} times`;
        return found.safari ? `it runs in Safari (${seen})` : `it runs in a browser (${seen})`;
      },
      'xstate.error.actor.readInstallState': 'the install state cannot be read',
      'xstate.after.installCheck': '5 s pass',
      'xstate.done.actor.checkInstalled': (e) => (e.output ? 'the app is found installed' : 'the app is not installed'),
      'xstate.error.actor.checkInstalled': 'the install cannot be checked',
    },
    start: 'the app starts',
    outcome: (m) => {
      if (m.dialogOpen) return 'the Safari instructions are open';
      if (m.prompting) return "the browser's install dialog is open";
      if (m.buttonShown) return m.prominent ? 'the install button shows, prominent' : 'the install button shows';
      return 'no install button';
    },
  },
});
