import { resourcesMachine } from '../../machines/resources.machine';
import type { ResourceKey, ResourceRef, ResourcesEvent } from '../../machines/resources.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures } from './pathCoverage';
import { actorStarted, actorStopped, APP_SYSTEM_IDS, received, type Effect } from './recording';

const dashboard: ResourceRef = { key: 'dashboard' };
const manifest: ResourceRef = { key: 'manifest' };

const languageNames: Record<string, string> = { en: 'English', es: 'Spanish' };

const events = {
  'scope.changed': [
    { type: 'scope.changed', userId: 7, language: 'en' },
    { type: 'scope.changed', userId: null, language: 'en' },
    { type: 'scope.changed', userId: 8, language: 'es' },
  ],
  'resource.open': [
    { type: 'resource.open', resource: dashboard },
    { type: 'resource.open', resource: manifest },
  ],
  'resource.reload': [{ type: 'resource.reload', key: 'dashboard' }],
  'pips.changed': [{ type: 'pips.changed' }],
  'content.refresh': [{ type: 'content.refresh' }],
  'resource.shown': [
    { type: 'resource.shown', scope: { key: 'dashboard', userId: 7, language: 'en' }, data: { totalEarnedPips: 10 } },
    { type: 'resource.shown', scope: { key: 'dashboard', userId: 7, language: 'en' }, data: { totalEarnedPips: 12 } },
  ],
} satisfies EventFixtures<ResourcesEvent>;

const outputs = { cachedResource: [undefined] } satisfies ActorOutputFixtures<typeof resourcesMachine>;

/**
 * The rules (only verified members load data; the machine's doc comment): every cached load runs as
 * one child `resource:<key>` for the member the session says is verified and the current
 * language. Public loads (the manifest, the sign-in providers) run for anybody; a member's loads
 * never run for nobody (opened while signed out, they wait for a member). Opening a running load
 * asks it to refresh. Another member or language stops every running load (nothing it answers may
 * land in the new scope); signing out forgets the member's loads; what stays open starts again in
 * the new scope. A reload of a key reloads its running loads; pips moving reloads the balances,
 * activity, rewards and earn promos; the content sync reloads everything running. The member's
 * dashboard showing more pips earned than its last copy in this scope tells the Chance to Win
 * contest (pips earned elsewhere); its first copy in a scope is a start, not a rise.
 */
function resourcesRules(input: { language?: string } | undefined) {
  const PUBLIC: ResourceKey[] = ['manifest', 'authProviders'];
  const PIPS: ResourceKey[] = ['dashboard', 'activity', 'giftCards', 'earnPromos'];
  let userId: number | null = null;
  let language = input?.language ?? 'en';
  let open: ResourceRef[] = [];
  let earnedPips: number | null = null;
  const id = (ref: ResourceRef) => `resource:${ref.key}${ref.id === undefined ? '' : `:${ref.id}`}`;
  const runs = (ref: ResourceRef) => userId !== null || PUBLIC.includes(ref.key);
  const start = (ref: ResourceRef) =>
    actorStarted('cachedResource', { key: ref.key, ...(ref.id === undefined ? {} : { id: ref.id }), userId: PUBLIC.includes(ref.key) ? null : userId, language }, id(ref));
  const reload = (keys: readonly ResourceKey[]): Effect[] =>
    open.filter((ref) => keys.includes(ref.key) && runs(ref)).map((ref) => received(id(ref), { type: 'resource.reload' }));
  return {
    started: [],
    on(event: PathEvent<ResourcesEvent>): Effect[] {
      switch (event.type) {
        case 'scope.changed': {
          if (event.userId === userId && event.language === language) throw new Error('the same scope changes nothing');
          const stopped = open.filter(runs).map((ref) => actorStopped(id(ref)));
          [userId, language, earnedPips] = [event.userId, event.language, null];
          if (userId === null) open = open.filter((ref) => PUBLIC.includes(ref.key));
          return [...stopped, ...open.filter(runs).map(start)];
        }
        case 'resource.open': {
          const known = open.some((ref) => ref.key === event.resource.key && ref.id === event.resource.id);
          if (known) return runs(event.resource) ? [received(id(event.resource), { type: 'resource.open' })] : [];
          open = [...open, event.resource];
          return runs(event.resource) ? [start(event.resource)] : [];
        }
        case 'resource.reload':
          return reload([event.key]);
        case 'pips.changed':
          // ...and the Chance to Win contest, whose earned pips may have risen.
          return [...reload(PIPS), received('chanceToWin', { type: 'pips.changed' })];
        case 'content.refresh':
          return reload(open.map((ref) => ref.key));
        case 'resource.shown': {
          const pips = (event.data as { totalEarnedPips?: number }).totalEarnedPips;
          const mine = event.scope.key === 'dashboard' && event.scope.userId === userId && event.scope.language === language;
          if (!mine || pips === undefined) return [];
          const rose = earnedPips !== null && pips > earnedPips;
          earnedPips = pips;
          return rose ? [received('chanceToWin', { type: 'pips.changed' })] : [];
        }
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({ userId, language, open, running: open.filter(runs).map(id).sort(), earnedPips }),
  };
}

describeMachinePaths({
  name: 'resources',
  machine: resourcesMachine,
  events,
  outputs,
  inputs: { 'the app starts in English': { language: 'en' } },
  systemIds: [...APP_SYSTEM_IDS, 'chanceToWin'],
  meaning: (s) => ({
    userId: s.context.userId,
    language: s.context.language,
    open: s.context.open,
    running: Object.keys(s.children).sort(),
    earnedPips: s.context.earnedPips,
  }),
  oracle: resourcesRules,
  words: {
    events: {
      'scope.changed': (e) =>
        `${e.userId === null ? 'nobody is verified' : `member ${e.userId} is verified`} (${languageNames[e.language]})`,
      'resource.open': (e) => `a view opens the ${e.resource.key}`,
      'resource.reload': (e) => `the ${e.key} is to reload`,
      'pips.changed': 'pips move',
      'content.refresh': 'the daily content sync runs',
      'resource.shown': (e) => `the ${e.scope.key} shows ${(e.data as { totalEarnedPips: number }).totalEarnedPips} pips earned`,
    },
    outcome: (m) => {
      const keys = (refs: string[]) => refs.join(' and ');
      const running = m.running.map((id) => id.replace(/^resource:/, ''));
      const waiting = m.open.map((ref) => ref.key).filter((key) => !running.includes(key));
      const loads = running.length
        ? `the ${keys(running)} load${running.length === 1 ? 's' : ''}${m.userId === null ? '' : ` for member ${m.userId}`} in ${languageNames[m.language]}`
        : 'nothing loads';
      return waiting.length ? `${loads}; the ${keys(waiting)} waits for a member` : loads;
    },
  },
});
