import { assertEvent, assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import type {
  AcceptCodeInput,
  AcceptCodeOutput,
  CameraErrorCode,
  DecodePhotoInput,
  DecodePhotoOutput,
  OpenCameraOutput,
  QrScannerContext,
  QrScannerErrorCode,
  QrScannerEvent,
  ScanFramesInput,
} from './qrScanner.types';

const notProvided = { ok: false, code: 'NOT_PROVIDED' } as const;

/** Picking a photo is always possible (SPEC §2: the fallback when the camera cannot be used). */
const pickPhoto = { target: '#qrScanner.decodingPhoto', actions: 'clearAttempt' } as const;
const cancel = { target: '#qrScanner.idle', actions: 'clearAttempt' } as const;
const scanAgain = { target: '#qrScanner.requestingCamera', actions: 'clearAttempt' } as const;

/**
 * Scanning a QR code: open the camera, decode frames until one holds a code, check the text with
 * `acceptCode`, and end `done` (accepted) or `rejected` (error code). When the camera is refused or
 * missing, a photo of the code does the same job. The camera is released by `scanFrames` whenever
 * scanning ends, however it ends.
 */
export const qrScannerMachine = setup({
  types: {
    context: {} as QrScannerContext,
    events: {} as QrScannerEvent,
    tags: {} as 'busy' | 'camera',
  },
  actors: {
    /** getUserMedia for the back camera; refusals come back as data. */
    openCamera: fromPromise<OpenCameraOutput>(async () => ({ ok: false, code: 'CAMERA_NOT_FOUND' })),
    /**
     * Shows the camera and decodes its frames; sends `scanner.decoded` for a code and
     * `camera.failed` when the camera stops. Stops the camera when it is stopped.
     */
    scanFrames: fromCallback<EventObject, ScanFramesInput>(() => () => {}),
    /** Reads a picked photo and decodes the first QR code in it. */
    decodePhoto: fromPromise<DecodePhotoOutput, DecodePhotoInput>(async () => ({ ok: false, code: 'PHOTO_UNREADABLE' })),
    /** Decides whether the text is a code for this scan (and looks it up). */
    acceptCode: fromPromise<AcceptCodeOutput, AcceptCodeInput>(async () => notProvided),
  },
  actions: {
    /** Tell the screen what was accepted (e.g. remember the community for sign-up). */
    notifyAccepted: (_, _params: { value: unknown }) => {},
    assignText: assign((_, params: { text: string }) => ({ text: params.text })),
    assignCamera: assign((_, params: { output: OpenCameraOutput }) => ({ camera: params.output.ok ? params.output.camera : null })),
    forgetCamera: assign({ camera: null }),
    assignAccepted: assign((_, params: { output: AcceptCodeOutput }) => ({ accepted: params.output.ok ? params.output.value : null })),
    assignError: assign((_, params: { code: QrScannerErrorCode }) => ({ errorCode: params.code })),
    clearAttempt: assign({ text: null, accepted: null, errorCode: null }),
    assignMember: assign((_, params: { userId: number | null }) => ({ userId: params.userId })),
    assignOffline: assign((_, params: { offline: boolean }) => ({ offline: params.offline })),
  },
  guards: {
    isOk: (_, params: { output: { ok: boolean } }) => params.output.ok,
  },
}).createMachine({
  id: 'qrScanner',
  initial: 'idle',
  context: { text: null, camera: null, accepted: null, errorCode: null, userId: null, offline: false },
  on: {
    'member.changed': { actions: { type: 'assignMember', params: ({ event }) => ({ userId: event.userId }) } },
    'network.changed': { actions: { type: 'assignOffline', params: ({ event }) => ({ offline: event.offline }) } },
    // A printed code's link opened the app (`/earn?qr=`, `/community-scan?communityId=`): it is
    // checked at once, whatever the scanner was doing.
    'link.opened': { target: '#qrScanner.decoded', actions: ['clearAttempt', { type: 'assignText', params: ({ event }) => ({ text: event.text }) }] },
  },
  states: {
    idle: {
      on: {
        'user.start': { target: 'requestingCamera' },
        'user.pickPhoto': pickPhoto,
      },
    },
    /** Waiting for the browser (and maybe the user's permission). */
    requestingCamera: {
      tags: 'busy',
      invoke: {
        id: 'openCamera',
        src: 'openCamera',
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
            target: 'scanning',
            actions: { type: 'assignCamera', params: ({ event }) => ({ output: event.output }) },
          },
          {
            target: 'cameraUnavailable',
            actions: { type: 'assignError', params: ({ event }) => ({ code: failureCode(event.output, 'CAMERA_UNAVAILABLE') }) },
          },
        ],
        onError: { target: 'cameraUnavailable', actions: { type: 'assignError', params: { code: 'CAMERA_UNAVAILABLE' } } },
      },
      on: { 'user.pickPhoto': pickPhoto, 'user.cancel': cancel },
    },
    /** The preview is live and frames are being decoded. */
    scanning: {
      tags: 'camera',
      invoke: {
        id: 'scanFrames',
        src: 'scanFrames',
        input: ({ context }) => ({ camera: context.camera }),
      },
      exit: 'forgetCamera',
      on: {
        'scanner.decoded': { target: 'decoded', actions: { type: 'assignText', params: ({ event }) => ({ text: event.text }) } },
        'camera.failed': { target: 'cameraUnavailable', actions: { type: 'assignError', params: ({ event }) => ({ code: event.code }) } },
        'user.pickPhoto': pickPhoto,
        'user.cancel': cancel,
      },
    },
    /** No camera: the error says why; a photo still works, and the user may try the camera again. */
    cameraUnavailable: {
      on: { 'user.start': scanAgain, 'user.retry': scanAgain, 'user.pickPhoto': pickPhoto, 'user.cancel': cancel },
    },
    decodingPhoto: {
      tags: 'busy',
      invoke: {
        id: 'decodePhoto',
        src: 'decodePhoto',
        input: ({ event }) => {
          assertEvent(event, 'user.pickPhoto');
          return { file: event.file };
        },
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
            target: 'decoded',
            actions: { type: 'assignText', params: ({ event }) => ({ text: event.output.ok ? event.output.text : '' }) },
          },
          {
            target: 'rejected',
            actions: { type: 'assignError', params: ({ event }) => ({ code: failureCode(event.output, 'PHOTO_UNREADABLE') }) },
          },
        ],
        onError: { target: 'rejected', actions: { type: 'assignError', params: { code: 'PHOTO_UNREADABLE' } } },
      },
      on: {
        // Another photo replaces the one being read.
        'user.pickPhoto': { ...pickPhoto, reenter: true },
        'user.cancel': cancel,
      },
    },
    /** A text was read (camera, photo or link): checking it. */
    decoded: {
      tags: 'busy',
      invoke: {
        id: 'acceptCode',
        src: 'acceptCode',
        input: ({ context }) => ({ text: context.text ?? '', userId: context.userId, offline: context.offline }),
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ output: event.output }) },
            target: 'done',
            actions: { type: 'assignAccepted', params: ({ event }) => ({ output: event.output }) },
          },
          {
            target: 'rejected',
            actions: { type: 'assignError', params: ({ event }) => ({ code: failureCode(event.output, 'UNKNOWN_ERROR') }) },
          },
        ],
        onError: { target: 'rejected', actions: { type: 'assignError', params: { code: 'UNKNOWN_ERROR' } } },
      },
      on: { 'user.pickPhoto': pickPhoto, 'user.cancel': cancel },
    },
    /** The text, the photo or the lookup failed: the error code says which. */
    rejected: {
      on: { 'user.start': scanAgain, 'user.retry': scanAgain, 'user.pickPhoto': pickPhoto, 'user.cancel': cancel },
    },
    /** Accepted. Not final: the user may scan another code; leaving the screen cancels. */
    done: {
      entry: { type: 'notifyAccepted', params: ({ context }) => ({ value: context.accepted }) },
      on: { 'user.start': scanAgain, 'user.retry': scanAgain, 'user.pickPhoto': pickPhoto, 'user.cancel': cancel },
    },
  },
});

/** The code of a failed output (`fallback` for a success that should not get here). */
function failureCode(
  output: { ok: true } | { ok: false; code: QrScannerErrorCode | CameraErrorCode },
  fallback: QrScannerErrorCode,
): QrScannerErrorCode {
  return output.ok ? fallback : output.code;
}
