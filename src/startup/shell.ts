// Stage 4 of the app's start (see index.ts): the shell (top bar, tab bar and their Mantine parts).
import '../components/Shell';
import { nextTask } from './breathe';

await nextTask();
