// Stage 2 of the app's start (see index.ts): the app-wide machines' definitions.
import '../../machines/app.root';
import { nextTask } from './breathe';

await nextTask();
