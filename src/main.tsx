// Mantine's global styles; each component's CSS comes with the chunk that uses it (build/mantineComponentCss.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './theme/app.css';
// The first evaluation in stages, each a task of its own (src/startup): before every other import.
import './startup';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { createAppSystem } from './actors/AppActor';
import { createAppLogic } from './actors/appLogic';
import { notShownAtStart } from './actors/languageChoice';
import { readReloadedRecently } from './actors/serviceWorker';
import { readAuthToken, readStoredCredentials, tellServerSignedIn } from './data/credentials';
import { holdDatabasesUntil } from './data/lazyDatabases';
import { activateLocale } from './i18n/i18n';
import { browserLocaleSources, detectLocale, rememberStoredLanguage } from './i18n/locales';
import { takeOverPrerendered } from './prerendered';
import { preloadFirstScreen } from './routing/screens';
import { applyStylesheets } from './theme/applyStylesheets';
import { nextTask } from './startup/breathe';

/** Fades the splash of index.html out once the app has painted. */
function removeSplash(): void {
  const splash = document.getElementById('splash');
  if (!splash) return;
  splash.dataset.leaving = '';
  setTimeout(() => splash.remove(), 250);
}

const stored = readStoredCredentials();
void preloadFirstScreen(location.pathname, stored);
// A prerendered page (build/prerender) shows until the app's first screen replaces it.
const { container, screenShown: replacePrerendered } = takeOverPrerendered(document.getElementById('root')!);

// IndexedDB waits until the first screen has painted (at most 3 s): see holdDatabasesUntil.
let screenShown: () => void = () => {};
const firstScreen = new Promise<void>((resolve) => (screenShown = resolve));
firstScreen.then(() => replacePrerendered());
const painted = firstScreen.then(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
const firstScreenPainted = Promise.race([painted, new Promise<void>((resolve) => setTimeout(resolve, 3000))]);
holdDatabasesUntil(firstScreenPainted);
// The cookies that choose the page the server sends next (./data/serverCookies) are brought in
// step once the first screen has painted: reading document.cookie waits for the browser's
// network process (15-35 ms of /home's first tasks in a trace), and they matter only for the next
// visit. The server sends a signed-in member the shell rather than a prerendered guest screen (a
// session stored before the cookie existed, or a cookie left after the storage was cleared), and
// a page in the language stored (a choice made before the cookie existed).
void firstScreenPainted.then(() => {
  tellServerSignedIn(readAuthToken() !== null);
  rememberStoredLanguage(browserLocaleSources().stored);
});

const localeSources = browserLocaleSources();
const [language] = await Promise.all([activateLocale(detectLocale(localeSources)), applyStylesheets()]);

// The actor system is built (each machine given its browser bindings: XState builds the machine
// again for each `.provide()`), created (the root's first snapshot, its ~35 children with theirs),
// then started (the session read back, the first loads asked for), each in a task of its own,
// before the first render: none is added to the task of React's first commit and its effects,
// and no two share one (created and started at once they were one task of 100-140 ms on /home
// at 1x in a trace).
const logic = createAppLogic();
await nextTask();
const system = createAppSystem(logic, {
  language,
  reloadedRecently: readReloadedRecently(),
  languageNotShown: notShownAtStart(language),
});
await nextTask();
system.root.start();
await nextTask();

const root = createRoot(container);
// A transition: React renders the first screen in slices and lets the browser breathe between
// them (one long task would block input and count as Total Blocking Time).
startTransition(() => {
  root.render(
    <StrictMode>
      <App system={system} onScreenShown={screenShown} />
    </StrictMode>,
  );
});
requestAnimationFrame(removeSplash);
