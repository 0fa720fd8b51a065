import { List, Modal, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useReturnFocus } from './useReturnFocus';

/** Which of Safari's platforms this is: iPadOS reports itself as a Mac with a touch screen. */
export function applePlatform(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): 'mobile' | 'mac' | null {
  if (/iPhone|iPad|iPod/.test(nav.userAgent)) return 'mobile';
  if (/Macintosh/.test(nav.userAgent)) return nav.maxTouchPoints > 1 ? 'mobile' : 'mac';
  return null;
}

/**
 * The install instructions for Safari, which offers no install prompt: the steps on
 * iPhone and iPad, or on a Mac, as the device is one or the other (both when it cannot tell).
 */
export default function InstallInstructions({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const platform = applePlatform();
  // It mounts open and unmounts as it closes: the focus goes back to the install button.
  useReturnFocus(true);
  return (
    <Modal
      opened
      onClose={onClose}
      centered
      title={t({ id: 'components.install.title', message: 'Install pips' })}
      closeButtonProps={{ 'aria-label': t({ id: 'components.install.close', message: 'Close' }) }}
    >
      <Stack gap="md">
        <Text>
          <Trans id="components.install.intro">Add pips to your home screen to open it like an app, even offline.</Trans>
        </Text>
        {platform !== 'mac' && (
          <Stack gap={4} data-testid="install-steps-mobile">
            <Title order={3} size="h5">
              <Trans id="components.install.mobileTitle">On iPhone or iPad</Trans>
            </Title>
            <List type="ordered" size="sm" spacing={4}>
              <List.Item>
                <Trans id="components.install.mobileStep1">Tap the Share button at the bottom of Safari.</Trans>
              </List.Item>
              <List.Item>
                <Trans id="components.install.mobileStep2">Scroll down and tap “Add to Home Screen”.</Trans>
              </List.Item>
              <List.Item>
                <Trans id="components.install.mobileStep3">Tap “Add”: pips appears on your home screen.</Trans>
              </List.Item>
            </List>
          </Stack>
        )}
        {platform !== 'mobile' && (
          <Stack gap={4} data-testid="install-steps-mac">
            <Title order={3} size="h5">
              <Trans id="components.install.desktopTitle">On a Mac</Trans>
            </Title>
            <List type="ordered" size="sm" spacing={4}>
              <List.Item>
                <Trans id="components.install.desktopStep1">In Safari’s menu bar, open File.</Trans>
              </List.Item>
              <List.Item>
                <Trans id="components.install.desktopStep2">Choose “Add to Dock”.</Trans>
              </List.Item>
              <List.Item>
                <Trans id="components.install.desktopStep3">Click “Add”: pips opens from the Dock like any app.</Trans>
              </List.Item>
            </List>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
