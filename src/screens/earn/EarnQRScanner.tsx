import { useEffect, useRef } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectAccepted } from '../../../machines/qrScanner.selectors';
import { api } from '../../app/api';
import { useIsOffline } from '../../data/connectivity';
import { newIdempotencyKey } from '../../data/idempotencyKeys';
import { queueOfflineEarn } from '../../data/offlineQueues';
import { refreshPips } from '../../data/resources';
import { QrScanner } from '../../scanner/QrScanner';
import { useQrScanner } from '../../scanner/useQrScanner';
import { acceptEarnCode, type EarnCodeDeps, type EarnQrOutcome } from './earnCode';
import { earnedMessage } from './earnMessages';
import { describeEarnQrRejection } from './earnQrMessages';

export interface EarnQRScannerProps {
  /**
   * The text of an earn QR code the app was opened with (`/earn?qr=<code>`: the phone's camera
   * app read the printed code): earned at once instead of starting the camera.
   */
  link?: string | null;
}

/**
 * EarnQRScanner (SPEC §2): scan an earn QR code with the camera (or a photo of it) and earn its
 * pips; offline, the scan is queued and sent once the app is back online. A screen of its own
 * chunk: the camera and jsQR load only when the member opens it.
 */
export default function EarnQRScanner({ link = null }: EarnQRScannerProps) {
  const offline = useIsOffline();
  const isOffline = useRef(offline);
  useEffect(() => {
    isOffline.current = offline;
  });

  const scanner = useQrScanner({
    acceptCode: (text, signal) => acceptEarnCode(text, earnCodeDeps(() => isOffline.current), signal),
    onAccepted: (value) => {
      if ((value as EarnQrOutcome).kind === 'earned') refreshPips();
    },
  });
  const outcome = useSelector(scanner.actor, selectAccepted<EarnQrOutcome>);

  useEffect(() => {
    scanner.actor.send(link !== null ? { type: 'link.opened', text: link } : { type: 'user.start' });
  }, [scanner.actor, link]);

  return (
    <Stack gap="md">
      {outcome && <Outcome outcome={outcome} />}
      <QrScanner scanner={scanner} describeRejection={describeEarnQrRejection} />
    </Stack>
  );
}

function Outcome({ outcome }: { outcome: EarnQrOutcome }) {
  const { t, i18n } = useLingui();
  if (outcome.kind === 'queued') {
    return (
      <Alert color="blue" variant="light" role="status" title={t({ id: 'pages.earn.qr.queuedTitle', message: 'Saved for later' })}>
        {t({ id: 'pages.earn.qr.queued', message: 'You are offline. Your scan will be sent when you are back online.' })}
      </Alert>
    );
  }
  return (
    <Alert color="teal" variant="light" role="status" title={i18n._(earnedMessage(outcome.pipsEarned))} data-testid="earn-qr-result">
      <Text size="sm">{outcome.title}</Text>
    </Alert>
  );
}

/** The effects of `acceptEarnCode`, bound to the app. */
function earnCodeDeps(isOffline: () => boolean): EarnCodeDeps {
  return {
    isOffline,
    tokenize: (qrParam, signal) => api.tokenize({ tokenType: 'qrParams', qrParam }, { signal }),
    earnQr: (input, signal) => api.earnQr(input, { signal }),
    queueOffline: (qrParam, idempotencyKey) => queueOfflineEarn({ type: 'qr', metadata: { qrParam }, idempotencyKey }),
    newKey: newIdempotencyKey,
  };
}
