// Stage 3 of the app's start (see index.ts): the actor system's logic.
import '../actors/appLogic';
import { nextTask } from './breathe';

await nextTask();
