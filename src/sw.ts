/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { appPath, openFromNotification } from './swNotificationClick';

declare let self: ServiceWorkerGlobalScope;

/** The Periodic Background Sync event (not yet in TypeScript's DOM library). */
interface PeriodicSyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** The operator's images kept for offline use: how many, and for how long. */
const imageCache = { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 };

/** The tag registered by the page for the daily refresh (every 24 h). */
const contentSyncTag = 'content-sync';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every in-app navigation gets the app shell; the API prefixes (the operator API and the images
// included: server/plugins/external/static.ts) always go to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/(api|mobile|web|admin|images)(\/|$)/],
  }),
);

// The member's messages come with the precache (build/catalogParts.ts: a part per chunk and
// language), so an installed app shows every screen in either language offline.

// The operator's images (/images/<sha256>.<ext>) never change under one name: kept once seen (the
// page also asks for those of every list it loads: src/data/keepImages.ts), so earn actions and
// rewards show them offline too. Bounded: the 200 used last, none older than 30 days; a missing
// one shows as the placeholder (src/components/PromoImage.tsx).
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/images\/[0-9a-f]{64}\.(png|jpg|webp)$/.test(url.pathname),
  new CacheFirst({
    cacheName: 'images',
    plugins: [new ExpirationPlugin({ maxEntries: imageCache.maxEntries, maxAgeSeconds: imageCache.maxAgeSeconds, purgeOnQuotaError: true })],
  }),
);

// The page asks a waiting worker to take over; it reloads itself 100 ms after the takeover.
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();

// Daily refresh: look for a new app version and tell open pages to refresh their data.
self.addEventListener('periodicsync', ((event: PeriodicSyncEvent) => {
  if (event.tag !== contentSyncTag) return;
  event.waitUntil(
    (async () => {
      await self.registration.update();
      const pages = await self.clients.matchAll({ type: 'window' });
      for (const page of pages) page.postMessage({ type: 'CONTENT_SYNC' });
    })(),
  );
}) as EventListener);

/** What the server pushes for an announcement (server/plugins/app/announcements.ts). */
interface AnnouncementPush {
  type?: string;
  announcementId?: number;
  title?: string;
  body?: string;
  url?: string;
}


// An announcement arrived: show it with the app's icon, and tell open pages (the bell refreshes).
self.addEventListener('push', (event) => {
  let data: AnnouncementPush = {};
  try {
    data = (event.data?.json() ?? {}) as AnnouncementPush;
  } catch {
    data = { body: event.data?.text() };
  }
  event.waitUntil(
    (async () => {
      await self.registration.showNotification(data.title || 'pips', {
        body: data.body ?? '',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: data.announcementId ? `announcement-${data.announcementId}` : undefined,
        data: { url: appPath(data.url) },
      });
      const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const page of pages) page.postMessage({ type: 'PUSH_RECEIVED', announcementId: data.announcementId });
    })(),
  );
});

// A click on the notification focuses an open window of the app (on the announcements) or opens one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appPath((event.notification.data as { url?: string } | null)?.url);
  event.waitUntil(openFromNotification(self.clients, self.location.origin, url));
});
