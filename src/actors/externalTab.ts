import { safeWebUrl } from '../components/safeWebUrl';

/**
 * The tab of one earn attempt. Browsers only allow a new tab inside the click, so `openBlank`
 * runs in the click and `show` points that tab at the page once the server answered. The blank
 * tab is cut off from this app (`opener = null`) before any other site loads in it.
 */
export function createExternalTab(open: typeof window.open = (...args) => window.open(...args)) {
  let tab: Window | null = null;
  const close = (): void => {
    if (tab && !tab.closed) tab.close();
    tab = null;
  };
  return {
    openBlank(): void {
      close();
      tab = open('', '_blank');
      if (tab) tab.opener = null;
    },
    show(url: string | null): void {
      const page = safeWebUrl(url);
      if (!page) return close();
      if (tab && !tab.closed) tab.location.href = page;
      else open(page, '_blank', 'noopener,noreferrer');
      tab = null;
    },
    close,
  };
}

export type ExternalTab = ReturnType<typeof createExternalTab>;
