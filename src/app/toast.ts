import { notifications } from '@mantine/notifications';

/** The toast kinds of SPEC §1 (the modal kind is a dialog, not a toast). */
export type ToastKind = 'error' | 'success' | 'info' | 'warning';

const colors: Record<ToastKind, string> = { error: 'red', success: 'teal', info: 'indigo', warning: 'yellow' };

export interface ToastOptions {
  title?: string;
  /** A stable id shows the toast once even when several callers raise it together. */
  id?: string;
  /** ms; the container's default is 5000 (SPEC §9). */
  autoClose?: number | false;
}

/** Shows a toast; the Notifications container (top right, 20 px, 5 s) is mounted by the App. */
export function showToast(kind: ToastKind, message: string, { title, id, autoClose }: ToastOptions = {}): void {
  notifications.show({
    id,
    title,
    message,
    color: colors[kind],
    autoClose,
    withBorder: true,
    'data-kind': kind,
  });
}
