import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

/** One toast as it appeared: in which tab, its text, its kind (error, success, info, warning). */
export interface ToastRecord {
  page: Page;
  text: string;
  kind: string | null;
  at: number;
}

interface ToastWindow {
  __pipsToast(text: string, kind: string | null): Promise<void>;
}

/**
 * Records every toast (Mantine notification) the pages of `context` show, in order and per tab
 * (a toast whose text changes in place is recorded again with its new text),
 * including those that closed again before a test looked, and across reloads (even offline: the
 * binding is a DevTools channel, not the network). A journey asserts on the sequence afterwards.
 */
export async function recordToasts(context: BrowserContext) {
  const records: ToastRecord[] = [];
  await context.exposeBinding('__pipsToast', ({ page }, text: string, kind: string | null) => {
    records.push({ page, text, kind, at: Date.now() });
  });
  await context.addInitScript(() => {
    // A toast raised again under its id changes in place ('waiting to sync' becomes 'synced'):
    // every text a toast shows is a record of its own.
    const shown = new WeakMap<Element, string>();
    const report = (root: Element) => {
      const text = (root.querySelector('.mantine-Notification-description') ?? root).textContent?.trim() ?? '';
      if (shown.get(root) === text) return;
      shown.set(root, text);
      void (window as unknown as ToastWindow).__pipsToast(text, root.getAttribute('data-kind'));
    };
    new MutationObserver(() => document.querySelectorAll('.mantine-Notification-root').forEach(report)).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });

  /** The texts `page` showed (every tab when left out), oldest first, from record `since` on. */
  const texts = (page?: Page, since = 0) =>
    records
      .slice(since)
      .filter((record) => !page || record.page === page)
      .map((record) => record.text);

  /** Like `texts`, as [kind, text] pairs. */
  const entries = (page?: Page, since = 0) =>
    records
      .slice(since)
      .filter((record) => !page || record.page === page)
      .map((record) => [record.kind, record.text]);

  return {
    records,
    texts,
    entries,
    /** Where the next toast will be recorded: give it to `texts` to see only what comes after. */
    mark: () => records.length,
    /** Waits until `page` has shown a toast with exactly `text` (after `since`). */
    async waitFor(page: Page, text: string, { since = 0, timeout = 15_000 } = {}) {
      await expect
        .poll(() => texts(page, since), { timeout, message: `toast "${text}"` })
        .toContain(text);
    },
  };
}

export type ToastLog = Awaited<ReturnType<typeof recordToasts>>;
