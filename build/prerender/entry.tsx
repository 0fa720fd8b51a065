import { createRoot } from 'react-dom/client';
import { App } from '../../src/App';
import { createAppSystem } from '../../src/actors/AppActor';
import { createAppLogic } from '../../src/actors/appLogic';
import { activateLocale } from '../../src/i18n/i18n';
import type { Locale } from '../../src/i18n/locales';

/** What a first visit's screen is made of: #root's markup and the attributes the app set on <html>. */
export interface FirstScreen {
  markup: string;
  /** Mantine's `data-mantine-color-scheme`, which its stylesheets select on. */
  htmlAttributes: Record<string, string>;
}

/**
 * Build time only (build/prerender/run.ts, in happy-dom): the app as a first visit to the current
 * location shows it, started the way `main.tsx` starts it, taken once the screen (not the loader)
 * has been committed and what it asked of the build's static files has arrived (`settle`).
 */
export async function renderFirstScreen(language: Locale, settle: () => Promise<void>): Promise<FirstScreen> {
  await activateLocale(language);
  const container = document.createElement('div');
  document.body.append(container);
  let shown!: () => void;
  const screenShown = new Promise<void>((resolve) => (shown = resolve));
  const system = createAppSystem(createAppLogic(), { language, reloadedRecently: false });
  system.root.start();
  const root = createRoot(container);
  root.render(<App system={system} onScreenShown={() => shown()} />);
  await screenShown;
  await settle();
  const markup = container.innerHTML;
  const htmlAttributes = Object.fromEntries(
    [...document.documentElement.attributes].filter(({ name }) => name.startsWith('data-')).map(({ name, value }) => [name, value]),
  );
  root.unmount();
  system.root.stop();
  container.remove();
  return { markup, htmlAttributes };
}
