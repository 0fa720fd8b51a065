import { useEffect } from 'react';
import { Alert, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '../../actors/useSelector';
import type { EarnQrOutcome } from '../../../machines/earnPipeline.types';
import { selectAccepted } from '../../../machines/qrScanner.selectors';
import { useIsOffline, usePendingQueues, useSystemActor } from '../../actors/hooks';
import { QrScanner } from '../../scanner/QrScanner';
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
 * EarnQRScanner: scan an earn QR code with the camera (or a photo of it) and earn its
 * pips. The earn scanner actor sends every code through the earn pipeline, which queues the scan
 * when offline. A screen of its own chunk: the camera and jsQR load only when the member opens it.
 */
export default function EarnQRScanner({ link = null }: EarnQRScannerProps) {
  const scanner = useSystemActor('earnScanner');
  const outcome = useSelector(scanner, selectAccepted<EarnQrOutcome>);

  // Opening the scanner starts the camera (or checks the link); closing it stops the camera.
  useEffect(() => {
    scanner.send(link !== null ? { type: 'link.opened', text: link } : { type: 'user.start' });
    return () => scanner.send({ type: 'user.cancel' });
  }, [scanner, link]);

  return (
    <QrScanner scanner={scanner} describeRejection={describeEarnQrRejection} outcome={outcome && <Outcome outcome={outcome} />} />
  );
}

function Outcome({ outcome }: { outcome: EarnQrOutcome }) {
  const { t, i18n } = useLingui();
  const offline = useIsOffline();
  const waiting = usePendingQueues().earn.length > 0;
  // Saved for later, and since sent (the sync's toasts said how it went): no offline notice stays.
  if (outcome.kind === 'queued' && !offline && !waiting) {
    return (
      <Alert color="gray" variant="light" role="status" title={t({ id: 'pages.earn.qr.queuedSentTitle', message: 'Sent' })} data-testid="earn-qr-queued-sent">
        {t({ id: 'pages.earn.qr.queuedSent', message: "You're back online: your saved scan was sent." })}
      </Alert>
    );
  }
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
