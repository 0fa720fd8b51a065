import { createActorContext } from '@xstate/react';
import { createAppMachine, type MemberActors, type OnDemandActors } from '../../machines/app.root';

/**
 * The app's actor system for React: `<AppActor.Provider logic={createAppLogic()} options={{ input }}>`
 * starts it once; its `logic` prop is the test seam. Screens reach the app-wide actors through
 * the hooks of `./hooks`.
 */
export const AppActor = createActorContext(createAppMachine({} as MemberActors, {} as OnDemandActors));
