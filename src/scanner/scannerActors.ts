import { fromCallback, fromPromise, type EventObject } from 'xstate';
import type { DecodePhotoInput, DecodePhotoOutput, OpenCameraOutput, QrScannerEvent, ScanFramesInput } from '../../machines/qrScanner.types';
import { openCamera, stopCamera } from './camera';
import { decodeFrame } from './decodeFrame';
import { decodePhoto } from './decodePhoto';

/** Pause between two decoded frames: about 8 tries a second, a small share of a phone's CPU. */
export const frameIntervalMs = 120;

/** `openCamera` of the qrScanner machine. */
export const openCameraLogic = fromPromise<OpenCameraOutput>(({ signal }) => openCamera({ signal }));

/** `decodePhoto` of the qrScanner machine. */
export const decodePhotoLogic = fromPromise<DecodePhotoOutput, DecodePhotoInput>(({ input }) => decodePhoto(input.file));

/**
 * `scanFrames` of the qrScanner machine: shows the camera in the `<video>` that `getVideo` returns
 * and decodes a frame every {@link frameIntervalMs}. Sends `scanner.decoded` for the first code
 * and `camera.failed` when the camera ends or the preview cannot play. Stopping it stops the
 * camera's tracks.
 */
export function scanFramesLogic(getVideo: () => HTMLVideoElement | null) {
  return fromCallback<EventObject, ScanFramesInput>(({ input, sendBack }) => {
    const send = (event: QrScannerEvent) => sendBack(event);
    // The machine's opaque camera is the MediaStream `openCameraLogic` returned.
    const stream = input.camera as MediaStream | null;
    const video = getVideo();
    if (!stream || !video) {
      if (stream) stopCamera(stream);
      send({ type: 'camera.failed', code: 'CAMERA_UNAVAILABLE' });
      return () => {};
    }
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const canvas = document.createElement('canvas');
    const fail = () => {
      if (!stopped) send({ type: 'camera.failed', code: 'CAMERA_UNAVAILABLE' });
    };
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

    const tracks = stream.getVideoTracks();
    tracks.forEach((track) => track.addEventListener('ended', fail));
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    video.play().then(tick, (error: unknown) => {
      // AbortError: the stream was replaced or removed because scanning already ended.
      if (!(error instanceof DOMException && error.name === 'AbortError')) fail();
    });

    return () => {
      stopped = true;
      clearTimeout(timer);
      tracks.forEach((track) => track.removeEventListener('ended', fail));
      stopCamera(stream);
      if (video.srcObject === stream) video.srcObject = null;
    };
  });
}
