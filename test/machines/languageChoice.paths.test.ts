import { languageChoiceMachine } from '../../machines/languageChoice.machine';
import { selectLanguageLoading, selectLanguageNoticeShown, selectLanguageWaiting } from '../../machines/languageChoice.selectors';
import type { LanguageChoiceEvent } from '../../machines/languageChoice.types';
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

/** `activate` shows the language chosen, or English when the chosen catalog could not load. */
const outputs = {
  activate: ['es', 'en'],
  watchOnline: [undefined],
} satisfies ActorOutputFixtures<typeof languageChoiceMachine>;

/**
 * The rules (SPEC §9, the machine's doc comment): pressing the language shown does nothing;
 * pressing another one loads it. When the language shown in the end is another one (the catalog
 * could not load), the choice waits for the browser to come back online, and loads again then.
 * While one loads, pressing another language loads that one instead (the first load is put
 * aside); pressing the same one changes nothing. While one waits, the switch says so until the
 * member closes the notice, and any press loads what was pressed (the language shown: it loads
 * at once and the wait ends).
 */
function languageChoiceRules() {
  let phase: 'idle' | 'switching' | 'unavailable' = 'idle';
  let wanted: string | null = null;
  let notice = false;
  const load = (locale: string): Effect[] => {
    const stop = phase === 'switching' ? [actorStopped('activate')] : phase === 'unavailable' ? [actorStopped('watchOnline')] : [];
    phase = 'switching';
    wanted = locale;
    notice = false;
    return [...stop, actorStarted('activate', { locale })];
  };
  return {
    started: [],
    on(event: PathEvent<LanguageChoiceEvent>): Effect[] {
      switch (event.type) {
        case 'user.choose':
          if (phase === 'idle') return event.locale === event.shown ? [] : load(event.locale);
          if (phase === 'switching') return event.locale === wanted ? [] : load(event.locale);
          return load(event.locale);
        case 'xstate.done.actor.activate':
          if (event.output === wanted) {
            phase = 'idle';
            wanted = null;
            return [];
          }
          phase = 'unavailable';
          notice = true;
          return [actorStarted('watchOnline')];
        case 'xstate.error.actor.activate':
          phase = 'unavailable';
          notice = true;
          return [actorStarted('watchOnline')];
        case 'user.dismiss':
          if (!notice) throw new Error('only a notice shown can be closed');
          notice = false;
          return [];
        case 'connectivity.online':
          if (phase !== 'unavailable') throw new Error(`being online matters only while a language waits (not ${phase})`);
          return load(wanted!);
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({ loading: phase === 'switching' ? wanted : null, waiting: phase === 'unavailable' ? wanted : null, notice }),
  };
}

describeMachinePaths({
  name: 'languageChoice',
  machine: languageChoiceMachine,
  events,
  outputs,
  meaning: (s) => ({ loading: selectLanguageLoading(s), waiting: selectLanguageWaiting(s), notice: selectLanguageNoticeShown(s) }),
  oracle: languageChoiceRules,
});
