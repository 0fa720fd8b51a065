/**
 * Turns the stylesheets index.html preloads (see build/nonBlockingStylesheets.ts) into
 * stylesheets and resolves once they are applied (or failed: the app renders anyway).
 */
export function applyStylesheets(doc: Document = document): Promise<void> {
  const links = [...doc.querySelectorAll<HTMLLinkElement>('link[data-app-stylesheet]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
          link.removeAttribute('data-app-stylesheet');
          link.rel = 'stylesheet';
        }),
    ),
  ).then(() => undefined);
}
