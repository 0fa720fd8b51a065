import { serviceWorkerMachine } from '../../machines/serviceWorker.machine';
import { selectUpdateOffered } from '../../machines/serviceWorker.selectors';
import type { ServiceWorkerEvent, ServiceWorkerInput } from '../../machines/serviceWorker.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures, SerializeState } from './pathCoverage';
import { action, actorStarted, sendAction, type Effect } from './recording';

const events = {
  'sw.registered': [{ type: 'sw.registered' }],
  'sw.unsupported': [{ type: 'sw.unsupported' }],
  'sw.updateWaiting': [{ type: 'sw.updateWaiting' }],
  'sw.controllerChanged': [{ type: 'sw.controllerChanged' }],
  'sw.contentSync': [{ type: 'sw.contentSync' }],
  'chunk.failed': [{ type: 'chunk.failed' }],
  'page.visible': [{ type: 'page.visible' }],
  'network.online': [{ type: 'network.online' }],
  'network.offline': [{ type: 'network.offline' }],
  'input.dirty': [{ type: 'input.dirty', id: 'profile' }],
  'input.clean': [{ type: 'input.clean', id: 'profile' }],
  'user.reload': [{ type: 'user.reload' }],
} satisfies EventFixtures<ServiceWorkerEvent>;

const outputs = { worker: [undefined], watchPage: [undefined] } satisfies ActorOutputFixtures<typeof serviceWorkerMachine>;

/**
 * Graph key: the state and the context its next moves read; once a reload is under way only
 * whether this load follows our own reload still matters, and without a worker also whether the
 * page is online (a stale chunk reloads only online).
 */
const serializeState: SerializeState = (s) => {
  const settled = s.matches('reloading') || s.matches('reloaded');
  const { reloadedRecently } = s.context;
  if (s.matches('unsupported')) return JSON.stringify({ value: s.value, reloadedRecently, online: s.context.online });
  return JSON.stringify(settled ? { value: s.value, reloadedRecently } : { value: s.value, context: s.context });
};

const activate = sendAction('activateUpdate', 'worker', { type: 'worker.activate' });
const checkForUpdate = sendAction('checkForUpdate', 'worker', { type: 'worker.checkForUpdate' });
const contentRefresh = sendAction('tellContentRefresh', 'resources', { type: 'content.refresh' });

/**
 * The rules (issue 8 "Service worker machine"; the machine's doc comment): the
 * worker is registered and the page watched from the start. A new version waiting takes over at
 * once only when that is safe: online, no form with unsent input, and not a page load that
 * follows our own reload (no loops); otherwise it waits and the member is offered the reload,
 * and calm returning (input sent, back online) tries again. Once the new version controls the
 * page, the page reloads 100 ms later, once, when safe (or when the member accepted the offer);
 * otherwise the reload is offered. A stale chunk reloads the page once, 100 ms later (online only, not
 * right after our own reload). The page shown again, the connection coming back and the worker's
 * daily content sync refresh the data; new versions are looked for when the page is shown and every hour, never offline.
 */
function serviceWorkerRules(input: ServiceWorkerInput | undefined) {
  const reloadedRecently = input?.reloadedRecently ?? false;
  type View = 'registering' | 'unsupported' | 'current' | 'offered' | 'takingOver' | 'reloading' | 'reloaded';
  let view: View = 'registering';
  let online = true;
  let unsent = false;
  let tookOver = false;
  let accepted = false;
  const safe = () => accepted || (online && !unsent && !reloadedRecently);
  const active = () => ['current', 'offered', 'takingOver'].includes(view);
  /** A new version is there: reload if it already took over, take over, or offer. */
  const decide = (): Effect[] => {
    if (tookOver) {
      view = safe() ? 'reloading' : 'offered';
      return [];
    }
    if (safe()) {
      view = 'takingOver';
      return [activate];
    }
    view = 'offered';
    return [];
  };
  return {
    started: [actorStarted('worker'), actorStarted('watchPage')],
    on(event: PathEvent<ServiceWorkerEvent>): Effect[] {
      switch (event.type) {
        case 'sw.registered':
        case 'sw.unsupported':
          if (view !== 'registering') throw new Error('registered once');
          view = event.type === 'sw.registered' ? 'current' : 'unsupported';
          return [];
        case 'input.dirty':
          unsent = true;
          return [];
        case 'input.clean':
          unsent = false;
          return view === 'offered' ? decide() : [];
        case 'network.offline':
          online = false;
          return [];
        case 'network.online':
          online = true;
          return view === 'offered' ? [contentRefresh, ...decide()] : [contentRefresh];
        case 'sw.contentSync':
          return [contentRefresh];
        case 'chunk.failed':
          if (!online) throw new Error('no reload offline');
          if (reloadedRecently || view === 'reloading' || view === 'reloaded') throw new Error('no second reload');
          view = 'reloading';
          return [];
        case 'sw.updateWaiting':
          if (view !== 'current') throw new Error(`a waiting version is already known while ${view}`);
          return decide();
        case 'sw.controllerChanged':
          if (!active()) throw new Error(`no takeover while ${view}`);
          tookOver = true;
          return decide();
        case 'user.reload':
          if (view !== 'offered') throw new Error('no reload offered');
          if (tookOver) {
            view = 'reloading';
            return [];
          }
          accepted = true;
          view = 'takingOver';
          return [activate];
        case 'page.visible':
          if (view !== 'current') throw new Error(`page.visible changes nothing while ${view}`);
          return online ? [checkForUpdate, contentRefresh] : [contentRefresh];
        case 'xstate.after.updateCheckInterval.serviceWorker.active.current':
          if (view !== 'current') throw new Error('no hourly check');
          return online ? [checkForUpdate] : [];
        case 'xstate.after.reloadAfterTakeover.serviceWorker.reloading':
          if (view !== 'reloading') throw new Error('no reload under way');
          view = 'reloaded';
          return [action('reloadPage')];
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({ offered: view === 'offered', reloading: view === 'reloading', reloaded: view === 'reloaded' }),
  };
}

describeMachinePaths({
  name: 'serviceWorker',
  machine: serviceWorkerMachine,
  events,
  outputs,
  serializeState,
  inputs: { 'a first load': { reloadedRecently: false }, 'a load after our own reload': { reloadedRecently: true } },
  meaning: (s) => ({ offered: selectUpdateOffered(s), reloading: s.matches('reloading'), reloaded: s.matches('reloaded') }),
  oracle: serviceWorkerRules,
  words: {
    events: {
      'sw.registered': 'the worker is registered',
      'sw.unsupported': 'the browser has no service worker',
      'sw.updateWaiting': 'a new version waits',
      'sw.controllerChanged': 'the new version takes control',
      'sw.contentSync': "the worker's daily content sync comes",
      'chunk.failed': 'a stale chunk fails to load',
      'page.visible': 'the page is shown again',
      'network.online': 'the connection comes back',
      'network.offline': 'the connection drops',
      'input.dirty': 'a form gets unsent input',
      'input.clean': 'the input is sent',
      'user.reload': 'the member accepts the reload',
      'xstate.after.updateCheckInterval': 'an hour passes',
      'xstate.after.reloadAfterTakeover': '100 ms pass',
    },
    start: 'the app registers the worker',
    outcome: (m) => {
      if (m.reloaded) return 'the page reloads';
      if (m.reloading) return 'the page is about to reload';
      return m.offered ? 'the member is offered the reload' : 'the page stays, nothing offered';
    },
  },
});
