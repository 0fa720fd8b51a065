import { Alert, Button, FileButton, Loader, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '../actors/useSelector';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { qrScannerMachine } from '../../machines/qrScanner.machine';
import { selectCameraLive, selectScannerError, selectScannerPhase, type QrScannerPhase } from '../../machines/qrScanner.selectors';
import type { QrScannerErrorCode } from '../../machines/qrScanner.types';
import { commonMessages } from '../components/errorMessages';
import {
  describeCameraError,
  describeRejection as defaultDescribeRejection,
  retryMessages,
  statusMessages,
  type QrRejection,
} from './qrScannerMessages';
import classes from './QrScanner.module.css';
import { scrollBehavior } from '../theme/motion';

export interface QrScannerProps {
  /** The scanner actor (the app's earn or community scanner). */
  scanner: ActorRefFrom<typeof qrScannerMachine>;
  /** How a refused photo or code is shown (default: 'Uh-oh, something went wrong', the reason, 'Try again'). */
  describeRejection?: (code: QrScannerErrorCode | null) => QrRejection;
  /**
   * What the accepted code did, from the screen that owns the scanner (earned, saved for later):
   * shown first, in place of the generic 'Code accepted.'.
   */
  outcome?: ReactNode;
}

/** The phases with the camera box on screen: the camera starting or filming. */
const cameraPhases: ReadonlySet<QrScannerPhase> = new Set(['startingCamera', 'scanning']);

/**
 * The result of the last code (accepted, refused, camera off) first, where the member looks; the
 * camera preview with a framing square only while the camera starts or films; what is going on in
 * words; and the buttons: scan, stop, try again, and 'Choose a photo', always there for phones
 * without a usable camera (on a phone it offers the camera app too: `capture="environment"`).
 */
export function QrScanner({ scanner, describeRejection = defaultDescribeRejection, outcome }: QrScannerProps) {
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
  const rejection = phase === 'rejected' ? describeRejection(errorCode) : null;
  const live = useSelector(actor, selectCameraLive);
  const resetPhoto = useRef<() => void>(null);
  const result = useRef<HTMLDivElement>(null);
  const showsResult = phase === 'rejected' || phase === 'cameraUnavailable' || (phase === 'accepted' && outcome != null);
  // A result replaces the camera box: bring it into view (the box may have been scrolled to).
  useEffect(() => {
    if (showsResult) result.current?.scrollIntoView?.({ block: 'nearest', behavior: scrollBehavior() });
  }, [showsResult, phase]);

  const pickPhoto = (file: File | null) => {
    if (file) actor.send({ type: 'user.pickPhoto', file });
    // Picking the same photo again must still fire a change.
    resetPhoto.current?.();
  };

  return (
    <Stack gap="md">
      <div ref={result} className={classes.result}>
        {phase === 'accepted' && outcome}
        {rejection && (
          <Alert color={rejection.color} variant="light" role="alert" title={i18n._(rejection.title)} data-testid="qr-rejection">
            {i18n._(rejection.message)}
          </Alert>
        )}
        {phase === 'cameraUnavailable' && (
          <Alert color="blue" variant="light" role="alert" title={t({ id: 'components.qrScanner.cameraOff', message: 'The camera is off' })}>
            {i18n._(describeCameraError(errorCode))}
          </Alert>
        )}
      </div>

      {cameraPhases.has(phase) && (
        <div className={classes.viewport} data-live={live || undefined}>
          <video
            ref={videoRef}
            className={classes.video}
            muted
            playsInline
            aria-label={t({ id: 'components.qrScanner.preview', message: 'Camera preview' })}
          />
          {live ? <div className={classes.frame} aria-hidden /> : <Placeholder />}
        </div>
      )}

      <Text role="status" aria-live="polite" ta="center" fw={500} className={classes.status}>
        {(phase === 'readingPhoto' || phase === 'checking') && <Loader size="xs" aria-hidden className={classes.statusLoader} />}
        {phase in statusMessages && !(phase === 'accepted' && outcome != null) && i18n._(statusMessages[phase as keyof typeof statusMessages])}
      </Text>

      <Stack gap="sm">
        {(phase === 'idle' || phase === 'accepted') && (
          // After a code, the same words as after a refused one: the next code.
          <Button onClick={() => actor.send({ type: phase === 'idle' ? 'user.start' : 'user.retry' })}>
            {phase === 'idle' ? (
              <Trans id="components.qrScanner.start">Scan with the camera</Trans>
            ) : (
              i18n._(retryMessages.scanAnother)
            )}
          </Button>
        )}
        {phase === 'rejected' && <Button onClick={() => actor.send({ type: 'user.retry' })}>{i18n._(rejection?.retry ?? retryMessages.tryAgain)}</Button>}
        <FileButton
          onChange={pickPhoto}
          accept="image/*"
          capture="environment"
          resetRef={resetPhoto}
          inputProps={{ 'aria-label': t({ id: 'components.qrScanner.photoInput', message: 'Photo of the QR code' }) }}
        >
          {(props) => (
            <Button variant={phase === 'cameraUnavailable' ? 'filled' : 'default'} {...props}>
              <Trans id="components.qrScanner.choosePhoto">Choose a photo</Trans>
            </Button>
          )}
        </FileButton>
        {/* The camera off: the photo (above) is the way on; the camera is tried again only when there is one. */}
        {phase === 'cameraUnavailable' && errorCode !== 'CAMERA_NOT_FOUND' && (
          <Button variant="default" onClick={() => actor.send({ type: 'user.retry' })}>
            {i18n._(retryMessages.tryAgain)}
          </Button>
        )}
        {(phase === 'startingCamera' || phase === 'scanning') && (
          <Button variant="subtle" onClick={() => actor.send({ type: 'user.cancel' })}>
            <Trans id="components.qrScanner.stop">Stop the camera</Trans>
          </Button>
        )}
      </Stack>
    </Stack>
  );
}

/** The camera box while the camera starts. */
function Placeholder() {
  const { i18n } = useLingui();
  return (
    <div className={classes.placeholder}>
      <Loader color="gray.3" aria-label={i18n._(commonMessages.loading)} />
    </div>
  );
}
