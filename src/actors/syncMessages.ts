import { msg, plural } from '@lingui/core/macro';

/** The connectivity and offline sync toasts. */
export const syncMessages = {
  offline: msg({
    id: 'components.connectivityToast.offline',
    message: "You're offline. Scans and forms are saved and sent when you're back online.",
  }),
  online: msg({ id: 'components.connectivityToast.online', message: "You're back online." }),
  pending: {
    earn: (count: number) =>
      msg({
        id: 'components.offlineSync.pending',
        message: plural(count, { one: '# offline action waiting to sync…', other: '# offline actions waiting to sync…' }),
      }),
    forms: (count: number) =>
      msg({
        id: 'components.offlineSync.pendingForms',
        message: plural(count, { one: '# offline form waiting to be sent…', other: '# offline forms waiting to be sent…' }),
      }),
  },
  /** While a queue is sent: how many of its items were sent so far (`sent` comes formatted). */
  progress: {
    earn: (sent: string, total: number) =>
      msg({
        id: 'components.offlineSync.progress',
        message: plural(total, { one: `${sent} of # offline action sent…`, other: `${sent} of # offline actions sent…` }),
      }),
    forms: (sent: string, total: number) =>
      msg({
        id: 'components.offlineSync.progressForms',
        message: plural(total, { one: `${sent} of # offline form sent…`, other: `${sent} of # offline forms sent…` }),
      }),
  },
  synced: {
    earn: (count: number) =>
      msg({
        id: 'components.offlineSync.synced',
        message: plural(count, { one: '# offline action synced.', other: '# offline actions synced.' }),
      }),
    forms: (count: number) =>
      msg({
        id: 'components.offlineSync.syncedForms',
        message: plural(count, { one: '# offline form sent.', other: '# offline forms sent.' }),
      }),
  },
  failed: {
    earn: (count: number) =>
      msg({
        id: 'components.offlineSync.failed',
        message: plural(count, { one: '# offline action could not be synced.', other: '# offline actions could not be synced.' }),
      }),
    forms: (count: number) =>
      msg({
        id: 'components.offlineSync.failedForms',
        message: plural(count, { one: '# offline form could not be sent.', other: '# offline forms could not be sent.' }),
      }),
  },
  /** Added to the warning when some items stay queued. */
  willRetry: msg({ id: 'components.offlineSync.willRetry', message: "We'll try again when the connection is back." }),
  /** Added to the warning when some items were refused for good. */
  refused: msg({
    id: 'components.offlineSync.refused',
    message: 'Some were already earned, expired or no longer available.',
  }),
  /** The label of a queued item in lists (Activity). */
  pendingLabel: msg({ id: 'components.offlineSync.pendingLabel', message: 'Pending' }),
  queueFailed: msg({ id: 'components.offlineSync.queueFailed', message: 'Failed to save action for offline processing.' }),
};
