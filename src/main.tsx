import '@mantine/core/styles.css';
import './theme/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { registerServiceWorker } from './app/serviceWorker';
import { activateLocale } from './i18n/i18n';
import { browserLocaleSources, detectLocale } from './i18n/locales';

/** Fades the splash of index.html out once the app has painted. */
function removeSplash(): void {
  const splash = document.getElementById('splash');
  if (!splash) return;
  splash.dataset.leaving = '';
  setTimeout(() => splash.remove(), 250);
}

await activateLocale(detectLocale(browserLocaleSources()));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
requestAnimationFrame(removeSplash);
registerServiceWorker();
