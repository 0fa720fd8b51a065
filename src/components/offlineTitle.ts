import { msg } from '@lingui/core/macro';

/** The one title of every notice that the device is offline (a screen, a list, the login form). */
export const offlineTitle = msg({ id: 'components.offline.title', message: "You're offline" });
