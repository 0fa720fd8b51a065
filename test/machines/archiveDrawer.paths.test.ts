import { archiveDrawerMachine, type ArchiveDrawerEvent } from '../../machines/archiveDrawer.machine';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures } from './pathCoverage';

const events = {
  'drawer.open': [{ type: 'drawer.open' }],
  'drawer.close': [{ type: 'drawer.close' }],
  'drawer.dragEnd': [
    { type: 'drawer.dragEnd', distance: 100 },
    { type: 'drawer.dragEnd', distance: 101 },
  ],
} satisfies EventFixtures<ArchiveDrawerEvent>;

/**
 * The rules: the card icon opens the drawer; the x button, a backdrop click or a
 * drag of MORE than 100 px close it (100 px exactly springs back) with a 300 ms animation, during
 * which it is still shown and the icon opens it again.
 */
function drawerRules() {
  let view: 'closed' | 'open' | 'closing' = 'closed';
  return {
    started: [],
    on(event: PathEvent<ArchiveDrawerEvent>) {
      switch (event.type) {
        case 'drawer.open':
          if (view === 'open') throw new Error('already open');
          view = 'open';
          return [];
        case 'drawer.close':
          if (view !== 'open') throw new Error('only an open drawer closes');
          view = 'closing';
          return [];
        case 'drawer.dragEnd':
          if (view !== 'open' || event.distance <= 100) throw new Error('a short drag springs back');
          view = 'closing';
          return [];
        case 'xstate.after.drawerClose.archiveDrawer.closing':
          view = 'closed';
          return [];
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({ shown: view !== 'closed', closing: view === 'closing' }),
  };
}

describeMachinePaths({
  name: 'archiveDrawer',
  machine: archiveDrawerMachine,
  events,
  outputs: {} satisfies ActorOutputFixtures<typeof archiveDrawerMachine>,
  meaning: (s) => ({ shown: !s.matches('closed'), closing: s.matches('closing') }),
  oracle: drawerRules,
  words: {
    events: {
      'drawer.open': 'the member opens the drawer',
      'drawer.close': 'closes it',
      'drawer.dragEnd': (e) => `drags it ${e.distance} px`,
      'xstate.after.drawerClose': 'the closing animation ends',
    },
    outcome: (m) => (m.closing ? 'the drawer is still shown, closing' : m.shown ? 'the drawer is open' : 'the drawer is hidden'),
  },
});
