import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { qrScannerMachine } from '../../machines/qrScanner.machine';
import type {
  AcceptCodeInput,
  AcceptCodeOutput,
  DecodePhotoInput,
  DecodePhotoOutput,
  OpenCameraOutput,
  QrScannerEvent,
  ScanFramesInput,
} from '../../machines/qrScanner.types';
import type { Community } from '../api/client';
import { storePendingCommunity } from '../data/pendingCommunity';
import { openCamera, stopCamera } from '../scanner/camera';
import { acceptCommunityCode } from '../scanner/communityLink';
import { i18n } from '../i18n/i18n';
import type { SystemApi } from './api';
import { afterDatabaseHold } from '../data/lazyDatabases';

/** Pause between two decoded frames: about 8 tries a second, a small share of a phone's CPU. */
export const frameIntervalMs = 120;

// jsQR loads with the first frame or photo, not with the app.
const decoders = () => Promise.all([import('../scanner/decodeFrame'), import('../scanner/decodePhoto')]);

/** `openCamera` of the qrScanner machine. */
export const openCameraLogic = fromPromise<OpenCameraOutput>(({ signal }) => openCamera({ signal }));

/** `decodePhoto` of the qrScanner machine. */
export const decodePhotoLogic = fromPromise<DecodePhotoOutput, DecodePhotoInput>(async ({ input }) => {
  const [, { decodePhoto }] = await decoders();
  return decodePhoto(input.file);
});

/**
 * `scanFrames` of the qrScanner machine: plays the camera in a video element of its own (the
 * screen shows the same stream, read from the actor's context) and decodes a frame every
 * {@link frameIntervalMs}. Sends `scanner.decoded` for the first code and `camera.failed` when
 * the camera ends or cannot play. Stopping it stops the camera's tracks.
 */
export const scanFramesLogic = fromCallback<EventObject, ScanFramesInput>(({ input, sendBack }) => {
  const send = (event: QrScannerEvent) => sendBack(event);
  // The machine's opaque camera is the MediaStream `openCameraLogic` returned.
  const stream = input.camera as MediaStream | null;
  if (!stream) {
    send({ type: 'camera.failed', code: 'CAMERA_UNAVAILABLE' });
    return () => {};
  }
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const video = document.createElement('video');
  const canvas = document.createElement('canvas');
  const fail = () => {
    if (!stopped) send({ type: 'camera.failed', code: 'CAMERA_UNAVAILABLE' });
  };
  const tracks = stream.getVideoTracks();
  tracks.forEach((track) => track.addEventListener('ended', fail));
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;

  void decoders().then(([{ decodeFrame }]) => {
    const tick = () => {
      if (stopped) return;
      let text: string | null = null;
      try {
        text = decodeFrame(video, canvas);
      } catch {
        // a frame that cannot be read (resizing, device switch): try the next one
      }
      if (text !== null) send({ type: 'scanner.decoded', text });
      else timer = setTimeout(tick, frameIntervalMs);
    };
    video.play().then(tick, (error: unknown) => {
      // AbortError: the stream was removed because scanning already ended.
      if (!(error instanceof DOMException && error.name === 'AbortError')) fail();
    });
  }, fail);

  return () => {
    stopped = true;
    clearTimeout(timer);
    tracks.forEach((track) => track.removeEventListener('ended', fail));
    stopCamera(stream);
    video.srcObject = null;
  };
});

/** The camera and photo effects every QR scanner shares. */
const cameraActors = { openCamera: openCameraLogic, scanFrames: scanFramesLogic, decodePhoto: decodePhotoLogic };

/** The earn scanner: the camera, and the earn pipeline (bound) for every code it reads. */
export function earnScannerLogic(earnScanner: typeof qrScannerMachine, earnPipeline: unknown) {
  return earnScanner.provide({ actors: { ...cameraActors, acceptCode: earnPipeline as never } });
}

/**
 * The community scanner (sign-up): a community link whose community the server knows is
 * accepted, and remembered for the sign-up form.
 */
export function communityScannerLogic({ systemApi: { apiOf } }: { systemApi: SystemApi }) {
  return qrScannerMachine.provide({
    actors: {
      ...cameraActors,
      acceptCode: fromPromise<AcceptCodeOutput, AcceptCodeInput>(({ input, signal, system }) =>
        acceptCommunityCode(
          input.text,
          async (communityId, abort) => {
            const api = apiOf(system);
            const result = await api.getCommunity({ communityId }, { signal: abort });
            if (!result.success || i18n.locale.startsWith('en')) return result;
            // The community's name in the member's language (the demo community has both).
            try {
              const { translateTexts } = await afterDatabaseHold(() => import('../data/translations'));
              const name = (await translateTexts(api, i18n.locale, [result.data.name], abort)).get(result.data.name) ?? result.data.name;
              return { ...result, data: { ...result.data, name } };
            } catch {
              return result;
            }
          },
          signal,
        ),
      ),
    },
    actions: { notifyAccepted: (_, { value }) => storePendingCommunity(value as Community) },
  });
}
