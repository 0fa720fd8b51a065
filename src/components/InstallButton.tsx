import { retryableLazy } from './retryableLazy';
import { UntilOnline } from './RetryingBoundary';
import { Button } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '../actors/useSelector';
import {
  selectInstallButtonProminent,
  selectInstallButtonShown,
  selectInstallDialogOpen,
  selectInstallPrompting,
} from '../../machines/installPrompt.selectors';
import { useSystemActor } from '../actors/hooks';

// The instructions dialog loads only when a Safari member opens it.
const InstallInstructions = retryableLazy(() => import('./InstallInstructions'));

/**
 * The top bar's install-app button: shown when the browser offers to install
 * the app, or on Safari (which opens the instructions); after 3 views it changes style.
 */
export function InstallButton() {
  const installPrompt = useSystemActor('installPrompt');
  const shown = useSelector(installPrompt, selectInstallButtonShown);
  const prominent = useSelector(installPrompt, selectInstallButtonProminent);
  const prompting = useSelector(installPrompt, selectInstallPrompting);
  const dialogOpen = useSelector(installPrompt, selectInstallDialogOpen);
  if (!shown) return null;
  return (
    <>
      <Button
        size="xs"
        radius="xl"
        variant={prominent ? 'filled' : 'light'}
        data-prominent={prominent || undefined}
        loading={prompting}
        onClick={() => installPrompt.send({ type: 'user.install' })}
      >
        <Trans id="components.install.button">Install app</Trans>
      </Button>
      {dialogOpen && (
        <UntilOnline>
          <InstallInstructions onClose={() => installPrompt.send({ type: 'user.close' })} />
        </UntilOnline>
      )}
    </>
  );
}
