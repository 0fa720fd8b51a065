/** The offline journey's fixed content: the texts it waits for and the operator's items. */

/** The English texts of the catalog (locales/en/messages.po) this journey waits for. */
export const say = {
  offline: "You're offline. Scans and forms are saved and sent when you're back online.", // components.connectivityToast.offline
  online: "You're back online.", // components.connectivityToast.online
  earnPending: '1 offline action waiting to sync…', // components.offlineSync.pending
  earnProgress: '1 of 1 offline action sent…', // components.offlineSync.progress
  earnSynced: '1 offline action synced.', // components.offlineSync.synced
  formPending: '1 offline form waiting to be sent…', // components.offlineSync.pendingForms
  formProgress: '1 of 1 offline form sent…', // components.offlineSync.progressForms
  formSent: '1 offline form sent.', // components.offlineSync.syncedForms
  scanQueued: 'You are offline. Your scan will be sent when you are back online.', // pages.earn.qr.queued
  formQueued: "You're offline. Your answers are saved and will be sent when you're back online.", // pages.forms.queued
  waiting: 'Waiting to be sent', // pages.earn.pending.title, pages.forms.pending, pages.activity.pendingTitle
  scanPending: 'QR code scan', // pages.earn.pending.qr
  activityScan: 'Scanned QR code', // pages.activity.pendingQr
};

/** The same toasts in Spanish (locales/es/messages.po). */
export const decir = {
  offline: 'Estás sin conexión. Los escaneos y formularios se guardan y se envían cuando vuelvas a estar en línea.',
  online: 'Vuelves a estar en línea.',
};

export const content = {
  qr: { title: 'Library visit', pips: 10 },
  survey: { title: 'Street survey', pips: 15 },
  poll: { title: 'Quick poll', pips: 5 },
};

/** Two parts required, one optional, on two steps. */
export const surveyPayload = {
  title: content.survey.title,
  steps: [
    {
      title: 'Your street',
      parts: [
        {
          id: 'lights',
          type: 'singleChoice',
          label: 'Are the street lights working?',
          required: true,
          options: [
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ],
        },
        {
          id: 'needs',
          type: 'multipleChoice',
          label: 'What does your street need?',
          required: true,
          options: [
            { value: 'trees', label: 'Trees' },
            { value: 'benches', label: 'Benches' },
            { value: 'bins', label: 'Bins' },
          ],
        },
      ],
    },
    { title: 'Anything else', parts: [{ id: 'note', type: 'text', label: 'Anything else to tell us?' }] },
  ],
};

export const pollPayload = {
  title: content.poll.title,
  steps: [
    {
      parts: [
        {
          id: 'day',
          type: 'singleChoice',
          label: 'Which day suits you for the clean-up?',
          required: true,
          options: [
            { value: 'sat', label: 'Saturday' },
            { value: 'sun', label: 'Sunday' },
          ],
        },
      ],
    },
  ],
};
