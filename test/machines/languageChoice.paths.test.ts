import { languageChoiceMachine } from '../../machines/languageChoice.machine';
import { selectLanguageLoading, selectLanguageNotice } from '../../machines/languageChoice.selectors';
import type { LanguageChoiceEvent, LanguageChoiceInput } from '../../machines/languageChoice.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures } from './pathCoverage';
import { actorStarted, actorStopped, type Effect } from './recording';

const events = {
  'user.choose': [
    { type: 'user.choose', locale: 'es', shown: 'en' },
    { type: 'user.choose', locale: 'en', shown: 'en' },
  ],
  'connectivity.online': [{ type: 'connectivity.online' }],
  'user.dismiss': [{ type: 'user.dismiss' }],
} satisfies EventFixtures<LanguageChoiceEvent>;

/** `activate` shows the language chosen, or English when the chosen catalog could not load (offline or not). */
const outputs = {
  activate: [
    { shown: 'es', offline: false },
    { shown: 'en', offline: true },
    { shown: 'en', offline: false },
  ],
  watchOnline: [undefined],
} satisfies ActorOutputFixtures<typeof languageChoiceMachine>;

const inputs: Record<string, LanguageChoiceInput | undefined> = {
  'the app starts in the language chosen': undefined,
  'the app starts offline without the Spanish chosen': { notShown: { locale: 'es', offline: true } },
  'the app starts online without the Spanish chosen': { notShown: { locale: 'es', offline: false } },
};

const languageNames: Record<string, string> = { en: 'English', es: 'Spanish' };

type Phase = 'idle' | 'switching' | 'waiting' | 'failed';

/**
 * The rules (the top bar's language switch, also offline; the machine's doc comment): pressing the language shown does nothing;
 * pressing another one loads it. When the language shown in the end is another one (the catalog
 * could not load): offline, the choice waits for the browser to come back online, with a notice
 * the member may close, and loads again then; online, a notice says it failed until closed.
 * While one loads, pressing another language loads that one instead (the first load is put
 * aside); pressing the same one changes nothing. While a choice waits or failed, any press loads
 * what was pressed. A choice the app started without waits or failed likewise.
 */
function languageChoiceRules(input: LanguageChoiceInput | undefined) {
  let wanted: string | null = input?.notShown?.locale ?? null;
  let phase: Phase = !input?.notShown ? 'idle' : input.notShown.offline ? 'waiting' : 'failed';
  let notice = phase !== 'idle';
  const wait = (): Effect[] => {
    phase = 'waiting';
    notice = true;
    return [actorStarted('watchOnline')];
  };
  const load = (locale: string): Effect[] => {
    const stop = phase === 'switching' ? [actorStopped('activate')] : phase === 'waiting' ? [actorStopped('watchOnline')] : [];
    phase = 'switching';
    wanted = locale;
    notice = false;
    return [...stop, actorStarted('activate', { locale })];
  };
  return {
    started: phase === 'waiting' ? [actorStarted('watchOnline')] : [],
    on(event: PathEvent<LanguageChoiceEvent>): Effect[] {
      switch (event.type) {
        case 'user.choose':
          if (phase === 'idle') return event.locale === event.shown ? [] : load(event.locale);
          if (phase === 'switching') return event.locale === wanted ? [] : load(event.locale);
          return load(event.locale);
        case 'xstate.done.actor.activate': {
          const { shown, offline } = event.output as { shown: string; offline: boolean };
          if (shown === wanted) {
            phase = 'idle';
            wanted = null;
            return [];
          }
          if (offline) return wait();
          phase = 'failed';
          notice = true;
          return [];
        }
        case 'xstate.error.actor.activate':
          phase = 'failed';
          notice = true;
          return [];
        case 'user.dismiss':
          if (!notice) throw new Error('only a notice shown can be closed');
          notice = false;
          if (phase === 'failed') {
            phase = 'idle';
            wanted = null;
          }
          return [];
        case 'connectivity.online':
          if (phase !== 'waiting') throw new Error(`being online matters only while a choice waits (not ${phase})`);
          return load(wanted!);
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({
      loading: phase === 'switching' ? wanted : null,
      notice: notice && wanted ? { locale: wanted, reason: phase === 'waiting' ? 'offline' : 'failed' } : null,
    }),
  };
}

describeMachinePaths({
  name: 'languageChoice',
  machine: languageChoiceMachine,
  inputs,
  events,
  outputs,
  meaning: (s) => ({ loading: selectLanguageLoading(s), notice: selectLanguageNotice(s) }),
  oracle: languageChoiceRules,
  words: {
    events: {
      'user.choose': (e) => `the member presses ${languageNames[e.locale]} (${languageNames[e.shown]} shown)`,
      'connectivity.online': 'the browser comes online',
      'user.dismiss': 'closes the notice',
      'xstate.done.actor.activate': (e) => {
        const { shown, offline } = e.output as { shown: string; offline: boolean };
        return `${languageNames[shown]} ends up shown${offline ? ', offline' : ''}`;
      },
      'xstate.error.actor.activate': 'loading the language breaks',
    },
    outcome: (m) => {
      if (m.loading) return `${languageNames[m.loading]} is loading`;
      if (m.notice) return `a notice says ${languageNames[m.notice.locale]} ${m.notice.reason === 'offline' ? 'waits for the network' : 'failed to load'}`;
      return 'no language loads and no notice shows';
    },
  },
});
