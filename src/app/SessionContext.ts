import { createActorContext } from '@xstate/react';
import { api } from './api';
import { createSessionLogic } from './sessionLogic';

/** The app-wide session actor. Tests pass their own `logic` to the Provider. */
export const SessionContext = createActorContext(createSessionLogic({ api }));
