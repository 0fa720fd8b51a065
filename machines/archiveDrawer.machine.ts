import { setup } from 'xstate';

export type ArchiveDrawerEvent =
  /** The card icon (on /chance-to-win, in place of the bell). */
  | { type: 'drawer.open' }
  /** The x button or a click on the backdrop. */
  | { type: 'drawer.close' }
  /** The member let go of a drag of the drawer, `distance` px towards closing it. */
  | { type: 'drawer.dragEnd'; distance: number };

/** A drag of more than 100 px dismisses the drawer. */
export const DRAG_DISMISS_PX = 100;

/**
 * The Chance to Win archive drawer: opened from the card icon; closed by the x
 * button, a backdrop click, or a drag of more than 100 px (a shorter drag springs back), with a
 * 300 ms closing animation during which it can be opened again.
 */
export const archiveDrawerMachine = setup({
  types: { events: {} as ArchiveDrawerEvent },
  guards: {
    isDismissDrag: (_, params: { distance: number }) => params.distance > DRAG_DISMISS_PX,
  },
  delays: {
    /** The drawer closes in 300 ms. */
    drawerClose: 300,
  },
}).createMachine({
  id: 'archiveDrawer',
  initial: 'closed',
  states: {
    closed: { on: { 'drawer.open': { target: 'open' } } },
    open: {
      on: {
        'drawer.close': { target: 'closing' },
        'drawer.dragEnd': { guard: { type: 'isDismissDrag', params: ({ event }) => ({ distance: event.distance }) }, target: 'closing' },
      },
    },
    /** The closing animation runs; the drawer is still shown. */
    closing: {
      after: { drawerClose: { target: 'closed' } },
      on: { 'drawer.open': { target: 'open' } },
    },
  },
});
