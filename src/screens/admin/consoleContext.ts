import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { operatorConsoleMachine } from '../../../machines/operatorConsole.machine';

export type ConsoleActor = ActorRefFrom<typeof operatorConsoleMachine>;

/** The console's actor, for the views' forms and buttons. */
export const ConsoleContext = createContext<ConsoleActor | null>(null);

export function useConsole(): ConsoleActor {
  const actor = useContext(ConsoleContext);
  if (!actor) throw new Error('useConsole outside the console');
  return actor;
}
