/**
 * The operator's images of a list just loaded (earn actions, rewards, My rewards), asked for once
 * in the background so that the service worker keeps them (its `images` cache, src/sw.ts) and
 * they show offline too, also those the member did not scroll to. Only with a service worker in
 * control: without one nothing would keep them.
 */
const asked = new Set<string>();

/** The `imageUrl`s of a list's items (or of one item). */
export function imagesOf(data: unknown): string[] {
  const items = Array.isArray(data) ? data : [data];
  return items.flatMap((item) => {
    const url = (item as { imageUrl?: unknown } | null)?.imageUrl;
    return typeof url === 'string' && url !== '' ? [url] : [];
  });
}

export function keepImages(data: unknown, browser: { fetch: typeof fetch; controlled: () => boolean } = defaultBrowser): void {
  if (!browser.controlled()) return;
  for (const url of imagesOf(data)) {
    if (asked.has(url)) continue;
    asked.add(url);
    browser.fetch(url, { priority: 'low' } as RequestInit).catch(() => asked.delete(url));
  }
}

const defaultBrowser = {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
  controlled: () => typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller),
};
