import { useEffect, useRef, useState, type RefObject } from 'react';
import { useActorRef } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { qrScannerMachine } from '../../machines/qrScanner.machine';
import type { AcceptCodeInput, AcceptCodeOutput } from '../../machines/qrScanner.types';
import { decodePhotoLogic, openCameraLogic, scanFramesLogic } from './scannerActors';

export interface QrScannerOptions {
  /** Whether a decoded text is a code for this scan (and what it stands for). */
  acceptCode: (text: string, signal: AbortSignal) => Promise<AcceptCodeOutput>;
  /** Called once per accepted code with `acceptCode`'s value. */
  onAccepted?: (value: unknown) => void;
}

export interface QrScannerHandle {
  actor: ActorRefFrom<typeof qrScannerMachine>;
  /** The `<video>` the camera preview plays in; `<QrScanner>` attaches it. */
  videoRef: RefObject<HTMLVideoElement | null>;
}

/**
 * A qrScanner actor for this component, its camera and photo effects bound to the browser
 * (`scannerActors`) and to a `<video>` rendered by `<QrScanner>`. The actor (and with it the
 * camera) stops when the component unmounts.
 */
export function useQrScanner(options: QrScannerOptions): QrScannerHandle {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [logic] = useState(() =>
    qrScannerMachine.provide({
      actors: {
        openCamera: openCameraLogic,
        scanFrames: scanFramesLogic(() => videoRef.current),
        decodePhoto: decodePhotoLogic,
        acceptCode: fromPromise<AcceptCodeOutput, AcceptCodeInput>(({ input, signal }) => latest.current.acceptCode(input.text, signal)),
      },
      actions: { notifyAccepted: (_, params) => latest.current.onAccepted?.(params.value) },
    }),
  );
  const actor = useActorRef(logic);
  return { actor, videoRef };
}
