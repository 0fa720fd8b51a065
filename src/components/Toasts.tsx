import '@mantine/notifications/styles.layer.css';
import { useMemo, useSyncExternalStore } from 'react';
import { Button, Group, MantineThemeProvider, Modal, Text, type MantineThemeOverride } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { modalNotices, toastString, toastTimings } from '../actors/toast';
import { useReturnFocus } from './useReturnFocus';

/**
 * The toast container (top right, 20 px in, below the top bar; at the bottom on phones —
 * see theme/app.css — 5000 ms, 300 ms close)
 * and the dialog of `modal` notices. Loaded after the first screen; toasts raised before it
 * mounts wait in their stores.
 */
export default function Toasts() {
  const { t } = useLingui();
  const closeLabel = t({ id: 'components.toast.close', message: 'Close notification' });
  // Each toast's close button is an icon: it needs a name for screen readers (axe button-name),
  // given here so that it follows a language switch like the toast's text.
  const labelled = useMemo<MantineThemeOverride>(
    () => ({ components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } } } }),
    [closeLabel],
  );
  return (
    <>
      <MantineThemeProvider theme={labelled}>
        <Notifications position="top-right" autoClose={toastTimings.defaultMs} transitionDuration={toastTimings.closeMs} />
      </MantineThemeProvider>
      <ModalNotices />
    </>
  );
}

/** Shows the oldest modal notice; closing it (300 ms fade, from the theme) shows the next. */
function ModalNotices() {
  const { t } = useLingui();
  const queue = useSyncExternalStore(modalNotices.subscribe, modalNotices.current, modalNotices.current);
  const notice = queue[0];
  const close = () => notice && modalNotices.dismiss(notice.key);
  useReturnFocus(Boolean(notice));
  return (
    <Modal opened={Boolean(notice)} onClose={close} title={notice?.title === undefined ? undefined : toastString(notice.title)} centered data-kind="modal">
      {notice && (
        <>
          <Text>{toastString(notice.message)}</Text>
          <Group justify="flex-end" mt="lg">
            <Button onClick={close} data-autofocus>
              {t({ id: 'components.modal.close', message: 'OK' })}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
