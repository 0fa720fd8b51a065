import { Alert, Button, FileButton, Loader, Stack, Text } from '@mantine/core';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useCallback, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { qrScannerMachine } from '../../machines/qrScanner.machine';
import { selectCameraLive, selectScannerError, selectScannerPhase, type QrScannerPhase } from '../../machines/qrScanner.selectors';
import type { QrScannerErrorCode } from '../../machines/qrScanner.types';
import { commonMessages } from '../components/errorMessages';
import { describeCameraError, describeRejection as defaultDescribeRejection, statusMessages } from './qrScannerMessages';
import classes from './QrScanner.module.css';

export interface QrScannerProps {
  /** The scanner actor (the app's earn or community scanner). */
  scanner: ActorRefFrom<typeof qrScannerMachine>;
  /** The text under 'Uh-oh, something went wrong' for a refused code (default: 'Please try again.'). */
  describeRejection?: (code: QrScannerErrorCode | null) => MessageDescriptor;
}

/**
 * The camera preview with a framing square, what is going on in words, and the buttons: scan,
 * stop, try again, and 'Choose a photo', always there for phones without a usable camera
 * (on a phone it offers the camera app too: `capture="environment"`).
 */
export function QrScanner({ scanner, describeRejection = defaultDescribeRejection }: QrScannerProps) {
  const { t, i18n } = useLingui();
  const actor = scanner;
  const phase = useSelector(actor, selectScannerPhase);
  // The preview shows the camera the scanner opened (it decodes the same stream on its own).
  const camera = useSelector(actor, (s) => s.context.camera as MediaStream | null);
  const videoRef = useCallback(
    (video: HTMLVideoElement | null) => {
      if (!video || video.srcObject === camera) return;
      video.srcObject = camera;
      if (camera) void video.play().catch(() => {});
    },
    [camera],
  );
  const errorCode = useSelector(actor, selectScannerError);
  const live = useSelector(actor, selectCameraLive);
  const resetPhoto = useRef<() => void>(null);

  const pickPhoto = (file: File | null) => {
    if (file) actor.send({ type: 'user.pickPhoto', file });
    // Picking the same photo again must still fire a change.
    resetPhoto.current?.();
  };

  return (
    <Stack gap="md">
      <div className={classes.viewport} data-live={live || undefined}>
        <video
          ref={videoRef}
          className={classes.video}
          muted
          playsInline
          aria-label={t({ id: 'components.qrScanner.preview', message: 'Camera preview' })}
        />
        {live ? <div className={classes.frame} aria-hidden /> : <Placeholder phase={phase} />}
      </div>

      <Text role="status" aria-live="polite" ta="center" fw={500}>
        {phase in statusMessages && i18n._(statusMessages[phase as keyof typeof statusMessages])}
      </Text>

      {phase === 'rejected' && (
        <Alert color="red" variant="light" role="alert" title={i18n._(commonMessages.somethingWrong)}>
          {i18n._(describeRejection(errorCode))}
        </Alert>
      )}
      {phase === 'cameraUnavailable' && (
        <Alert color="blue" variant="light" role="alert" title={t({ id: 'components.qrScanner.cameraOff', message: 'The camera is off' })}>
          {i18n._(describeCameraError(errorCode))}
        </Alert>
      )}

      <Stack gap="sm">
        {(phase === 'idle' || phase === 'accepted') && (
          <Button onClick={() => actor.send({ type: phase === 'idle' ? 'user.start' : 'user.retry' })}>
            <Trans id="components.qrScanner.start">Scan with the camera</Trans>
          </Button>
        )}
        {(phase === 'rejected' || phase === 'cameraUnavailable') && (
          <Button onClick={() => actor.send({ type: 'user.retry' })}>
            <Trans id="components.qrScanner.retry">Try again</Trans>
          </Button>
        )}
        <FileButton
          onChange={pickPhoto}
          accept="image/*"
          capture="environment"
          resetRef={resetPhoto}
          inputProps={{ 'aria-label': t({ id: 'components.qrScanner.photoInput', message: 'Photo of the QR code' }) }}
        >
          {(props) => (
            <Button variant="default" {...props}>
              <Trans id="components.qrScanner.choosePhoto">Choose a photo</Trans>
            </Button>
          )}
        </FileButton>
        {(phase === 'startingCamera' || phase === 'scanning') && (
          <Button variant="subtle" onClick={() => actor.send({ type: 'user.cancel' })}>
            <Trans id="components.qrScanner.stop">Stop the camera</Trans>
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

function Placeholder({ phase }: { phase: QrScannerPhase }) {
  const { i18n } = useLingui();
  const busy = phase === 'startingCamera' || phase === 'readingPhoto' || phase === 'checking';
  return (
    <div className={classes.placeholder}>
      {busy ? (
        <Loader color="gray.3" aria-label={i18n._(commonMessages.loading)} />
      ) : (
        <svg width="56" height="56" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden>
          {/* A QR-like mark: three finder squares and a few modules. */}
          <rect x="3" y="3" width="6" height="6" rx="1" />
          <rect x="15" y="3" width="6" height="6" rx="1" />
          <rect x="3" y="15" width="6" height="6" rx="1" />
          <path d="M15 15h2v2h-2zM19 19h2v2h-2zM15 19h2M19 15h2" />
        </svg>
      )}
    </div>
  );
}
