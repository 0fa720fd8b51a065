import { createContext, useContext } from 'react';
import { useSelector } from '../../actors/useSelector';
import type { ActorRefFrom } from 'xstate';
import type { operatorConsoleMachine } from '../../../machines/operatorConsole.machine';
import { selectWriting } from '../../../machines/operatorConsole.selectors';
import type { ConsoleWrite } from '../../../machines/operatorConsole.types';

export type ConsoleActor = ActorRefFrom<typeof operatorConsoleMachine>;

/** The console's actor, for the views' forms and buttons. */
export const ConsoleContext = createContext<ConsoleActor | null>(null);

export function useConsole(): ConsoleActor {
  const actor = useContext(ConsoleContext);
  if (!actor) throw new Error('useConsole outside the console');
  return actor;
}

/** A view's writes: whether one is on its way (buttons wait), and how to send one. */
export function useWrite() {
  const actor = useConsole();
  const writing = useSelector(actor, selectWriting);
  return { writing, send: (request: ConsoleWrite) => actor.send({ type: 'user.write', request }) };
}

/** `yyyy-mm-ddThh:mm` in the browser's time zone, as a datetime-local field shows a moment. */
export function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
