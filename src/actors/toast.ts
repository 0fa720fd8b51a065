import { useLingui } from '@lingui/react';
import { notifications, notificationsStore } from '@mantine/notifications';
import { createElement, type ReactNode } from 'react';

/** The toast kinds; `modal` is a notice in a dialog the user closes. */
export type ToastKind = 'error' | 'success' | 'info' | 'warning' | 'modal';

/** Toast timings and placement, read by the container (`components/Toasts`) and the theme. */
export const toastTimings = {
  /** A toast stays this long unless told otherwise. */
  defaultMs: 5000,
  /** The inline variant: short confirmations next to what the user just did. */
  inlineMs: 3000,
  /** Close animation of toasts, and the fade of modals. */
  closeMs: 300,
  /** Distance of the toast container from the right edge (and from the top bar). */
  offsetPx: 20,
} as const;

/** At most this many toasts at once: a new one closes the oldest (never waits behind it). */
export const maxToasts = 3;

const colors: Record<Exclude<ToastKind, 'modal'>, string> = { error: 'red', success: 'teal', info: 'indigo', warning: 'yellow' };

/**
 * A toast's text: fixed, or written in the language shown at each render (`() => i18n._(…)`),
 * so a toast still on screen follows a language switch instead of keeping the one it was raised in.
 */
export type ToastText = string | (() => string);

/** The text in the language active now. */
export const toastString = (text: ToastText): string => (typeof text === 'function' ? text() : text);

/** Renders a toast's text and renders it again when the language changes (Lingui's context). */
function LocalizedText({ text }: { text: () => string }): string {
  useLingui();
  return text();
}

const toastNode = (text: ToastText | undefined): ReactNode =>
  typeof text === 'function' ? createElement(LocalizedText, { text }) : text;

export interface ToastOptions {
  title?: ToastText;
  /**
   * A stable id shows the toast once even when several callers raise it together; raised again
   * while shown, the toast changes in place (e.g. 'waiting to sync' becomes 'synced'). It keeps
   * its running timer unless its autoClose changes: a toast meant to be replaced stays
   * (`autoClose: false`), so the one taking its place gets its full time.
   */
  id?: string;
  /** The inline variant (3000 ms instead of 5000 ms). */
  inline?: boolean;
  /** ms, or false to stay until closed; overrides the variant. */
  autoClose?: number | false;
}

/** A notice shown in a dialog (kind `modal`). */
export interface ModalNotice {
  key: number;
  id?: string;
  title?: ToastText;
  message: ToastText;
}

let modalQueue: readonly ModalNotice[] = [];
let modalSequence = 0;
const modalListeners = new Set<() => void>();
const setModalQueue = (next: readonly ModalNotice[]) => {
  modalQueue = next;
  modalListeners.forEach((listener) => listener());
};

/** The modal notices waiting to be shown, oldest first (a `useSyncExternalStore` source). */
export const modalNotices = {
  subscribe(listener: () => void): () => void {
    modalListeners.add(listener);
    return () => modalListeners.delete(listener);
  },
  current: (): readonly ModalNotice[] => modalQueue,
  /** Closes the oldest notice. */
  dismiss(key: number): void {
    setModalQueue(modalQueue.filter((notice) => notice.key !== key));
  },
  clear(): void {
    setModalQueue([]);
  },
};

/**
 * Shows a toast (error, success, info, warning) through Mantine notifications, or a modal notice.
 * The containers (top right, 20 px in, 5000 ms, 300 ms close) are mounted by the App; toasts
 * raised before they mount wait in the store.
 */
export function showToast(kind: ToastKind, message: ToastText, { title, id, inline, autoClose }: ToastOptions = {}): void {
  if (kind === 'modal') {
    if (id && modalQueue.some((notice) => notice.id === id)) return;
    setModalQueue([...modalQueue, { key: ++modalSequence, id, title, message }]);
    return;
  }
  const { notifications: visible, queue } = notificationsStore.getState();
  const shown = id !== undefined && [...visible, ...queue].some((n) => n.id === id);
  if (!shown) {
    // Room for the new one: the oldest go (a stack of toasts hides the screen and says little).
    for (const old of visible.slice(0, Math.max(0, visible.length - (maxToasts - 1)))) {
      if (old.id !== undefined) notifications.hide(old.id);
    }
  }
  (shown ? notifications.update : notifications.show)({
    id,
    title: toastNode(title),
    message: toastNode(message),
    color: colors[kind],
    autoClose: autoClose ?? (inline ? toastTimings.inlineMs : toastTimings.defaultMs),
    withBorder: true,
    // The close button's name (an icon button) comes from the container, in the language shown.
    'data-kind': kind,
  });
}

/** Closes a toast raised with this id, if it is still shown (e.g. 'please log in' once logged in). */
export function hideToast(id: string): void {
  const { notifications: visible, queue } = notificationsStore.getState();
  if ([...visible, ...queue].some((n) => n.id === id)) notifications.hide(id);
}

/**
 * Whether a toast or a modal notice was ever raised in this page (a `useSyncExternalStore`
 * source): the App mounts the toast container and the dialog, with their code and CSS, only
 * from then on, so a first visit that shows none never downloads them.
 */
export const toastHost = {
  subscribe(listener: () => void): () => void {
    const unsubscribeModal = modalNotices.subscribe(listener);
    const unsubscribeToasts = notificationsStore.subscribe(listener);
    return () => {
      unsubscribeModal();
      unsubscribeToasts();
    };
  },
  wanted(): boolean {
    if (!hostWanted) {
      const { notifications: shown, queue } = notificationsStore.getState();
      hostWanted = modalQueue.length > 0 || shown.length > 0 || queue.length > 0;
    }
    return hostWanted;
  },
};
let hostWanted = false;
