// Stage 1 of the app's start (see index.ts): React and React DOM.
import 'react';
import 'react-dom/client';
import { nextTask } from './breathe';

await nextTask();
