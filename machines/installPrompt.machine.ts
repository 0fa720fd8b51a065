import { assign, fromCallback, fromPromise, sendTo, setup, type EventObject } from 'xstate';
import type { InstallPromptContext, InstallPromptEvent, InstallStateOutput } from './installPrompt.types';

/** The install button changes style after this many views. */
export const PROMINENT_AFTER_VIEWS = 3;

type StateDone = { event: { output: InstallStateOutput } };
const stateParams = ({ event }: StateDone) => ({ state: event.output });

/**
 * Installing the app. Running standalone, nothing is offered and the screen
 * locks to portrait. Otherwise the top bar's install button appears once the browser offers to
 * install (`beforeinstallprompt`), and on Safari, which never does, it opens the instructions
 * dialog (desktop and mobile steps). Every showing of the button counts a view (after 3 it
 * changes style). After the member accepts the browser's dialog, the install is checked 5 s
 * later; an installed app hides the button for good.
 */
export const installPromptMachine = setup({
  types: {
    context: {} as InstallPromptContext,
    events: {} as InstallPromptEvent,
    tags: {} as 'buttonShown' | 'dialogOpen',
  },
  actors: {
    /** Reads local storage (`appInstalled`, `installButtonViews`) and the browser. */
    readInstallState: fromPromise<InstallStateOutput>(async () => ({ standalone: false, installed: false, views: 0, safari: false })),
    /**
     * Keeps the browser's `beforeinstallprompt` (sending `prompt.available`) and `appinstalled`
     * (`app.installed`); on `prompt.show` shows the browser's dialog and sends `prompt.accepted`
     * or `prompt.dismissed`.
     */
    watchInstallPrompt: fromCallback<EventObject>(() => () => {}),
    /** After the member accepted: whether the app is now installed. */
    checkInstalled: fromPromise<boolean>(async () => false),
  },
  actions: {
    /** Show the browser's install dialog. */
    showPrompt: sendTo('watchInstallPrompt', { type: 'prompt.show' }),
    /** Lock the installed app to portrait. */
    lockPortrait: () => {},
    /** Keep `installButtonViews` in local storage. */
    storeViews: (_, _params: { views: number }) => {},
    /** Keep `appInstalled` in local storage. */
    storeInstalled: () => {},
    assignViews: assign((_, params: { state: InstallStateOutput }) => ({ views: params.state.views })),
    countView: assign(({ context }) => ({ views: context.views + 1 })),
  },
  guards: {
    isStandalone: (_, params: { state: InstallStateOutput }) => params.state.standalone,
    isInstalled: (_, params: { state: InstallStateOutput }) => params.state.installed,
    isSafari: (_, params: { state: InstallStateOutput }) => params.state.safari,
    isTrue: (_, params: { value: boolean }) => params.value,
  },
  delays: {
    /** Install success is checked 5 s after the member accepts. */
    installCheck: 5000,
  },
}).createMachine({
  id: 'installPrompt',
  initial: 'checking',
  context: { views: 0 },
  states: {
    checking: {
      invoke: {
        id: 'readInstallState',
        src: 'readInstallState',
        onDone: [
          { guard: { type: 'isStandalone', params: stateParams }, target: 'standalone' },
          { guard: { type: 'isInstalled', params: stateParams }, target: 'installed' },
          { guard: { type: 'isSafari', params: stateParams }, target: 'instructions', actions: { type: 'assignViews', params: stateParams } },
          { target: 'offerable', actions: { type: 'assignViews', params: stateParams } },
        ],
        onError: { target: 'offerable' },
      },
    },
    /** Running as the installed app. */
    standalone: {
      entry: 'lockPortrait',
    },
    /** Installed from this browser: nothing to offer. */
    installed: {},
    /** Browsers that offer installing: the button waits for the offer. */
    offerable: {
      invoke: { id: 'watchInstallPrompt', src: 'watchInstallPrompt' },
      initial: 'waiting',
      on: { 'app.installed': { target: 'installed', actions: 'storeInstalled' } },
      states: {
        waiting: {
          on: { 'prompt.available': { target: 'available' } },
        },
        /** The button is shown: one more view. */
        available: {
          tags: 'buttonShown',
          entry: ['countView', { type: 'storeViews', params: ({ context }) => ({ views: context.views }) }],
          on: { 'user.install': { target: 'prompting', actions: 'showPrompt' } },
        },
        prompting: {
          tags: 'buttonShown',
          on: { 'prompt.accepted': { target: 'verifying' }, 'prompt.dismissed': { target: 'waiting' } },
        },
        /** Accepted: the install is checked 5 s later. */
        verifying: {
          after: { installCheck: { target: 'checkingInstall' } },
        },
        checkingInstall: {
          invoke: {
            id: 'checkInstalled',
            src: 'checkInstalled',
            onDone: [
              { guard: { type: 'isTrue', params: ({ event }) => ({ value: event.output }) }, target: '#installPrompt.installed', actions: 'storeInstalled' },
              { target: 'waiting' },
            ],
            onError: { target: 'waiting' },
          },
        },
      },
    },
    /** Safari: the button opens the instructions dialog. */
    instructions: {
      initial: 'closed',
      states: {
        closed: {
          tags: 'buttonShown',
          entry: ['countView', { type: 'storeViews', params: ({ context }) => ({ views: context.views }) }],
          on: { 'user.install': { target: 'open' } },
        },
        open: {
          tags: ['buttonShown', 'dialogOpen'],
          on: { 'user.close': { target: 'shown' } },
        },
        /** Closed again in the same visit: not another view. */
        shown: {
          tags: 'buttonShown',
          on: { 'user.install': { target: 'open' } },
        },
      },
    },
  },
});
