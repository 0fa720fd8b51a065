/**
 * Types of the install prompt: the
 * browser's `beforeinstallprompt`, the button's views, the install check after 5 s.
 */

/** What the page knows at start (local storage and the browser). */
export interface InstallStateOutput {
  /** Running as the installed app (display-mode standalone, or iOS `navigator.standalone`). */
  standalone: boolean;
  /** `appInstalled` is stored: the member installed the app from this browser. */
  installed: boolean;
  /** `installButtonViews`: how often the button was shown before. */
  views: number;
  /** Safari (desktop or iOS): no `beforeinstallprompt`; the instructions dialog explains the steps. */
  safari: boolean;
}

export interface InstallPromptContext {
  /** How often the install button has been shown (kept in local storage). */
  views: number;
}

export type InstallPromptEvent =
  /** The browser offers to install the app (`beforeinstallprompt`, kept for the button). */
  | { type: 'prompt.available' }
  /** The member answered the browser's install dialog. */
  | { type: 'prompt.accepted' }
  | { type: 'prompt.dismissed' }
  /** The browser says the app was installed (`appinstalled`). */
  | { type: 'app.installed' }
  /** The member pressed the install button. */
  | { type: 'user.install' }
  /** The member closed the instructions dialog. */
  | { type: 'user.close' };
