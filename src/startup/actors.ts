// Stage 3 of the app's start (see index.ts): the actor system's logic and its React context.
import '../actors/appLogic';
import '../actors/AppActor';
import { nextTask } from './breathe';

await nextTask();
