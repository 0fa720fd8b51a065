import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import { qrScannerMachine } from '../../machines/qrScanner.machine';
import { selectAccepted, selectScannerError, selectScannerPhase } from '../../machines/qrScanner.selectors';
import type {
  AcceptCodeInput,
  AcceptCodeOutput,
  CameraHandle,
  DecodePhotoInput,
  DecodePhotoOutput,
  OpenCameraOutput,
  QrScannerEvent,
  ScanFramesInput,
} from '../../machines/qrScanner.types';

const link = 'https://pips.example.org/community-scan?communityId=demo';
const community = { communityId: 'demo', name: 'Demo Community' };

interface Fakes {
  openCamera?: () => Promise<OpenCameraOutput>;
  decodePhoto?: (file: Blob) => Promise<DecodePhotoOutput>;
  acceptCode?: (text: string) => Promise<AcceptCodeOutput>;
}

/** The machine with recording fakes; `frames` sends what the scanning actor would send. */
function startScanner(fakes: Fakes = {}) {
  const calls: Array<[string, unknown?]> = [];
  let cameras = 0;
  let sendFrame: ((event: QrScannerEvent) => void) | null = null;
  const machine = qrScannerMachine.provide({
    actors: {
      openCamera: fromPromise<OpenCameraOutput>(async () => {
        const camera: CameraHandle = { id: `camera-${++cameras}` };
        calls.push(['openCamera']);
        return fakes.openCamera ? fakes.openCamera() : { ok: true, camera };
      }),
      scanFrames: fromCallback<EventObject, ScanFramesInput>(({ input, sendBack }) => {
        calls.push(['scanFrames', input.camera?.id]);
        sendFrame = sendBack;
        return () => {
          calls.push(['releaseCamera', input.camera?.id]);
          sendFrame = null;
        };
      }),
      decodePhoto: fromPromise<DecodePhotoOutput, DecodePhotoInput>(async ({ input }) => {
        calls.push(['decodePhoto', input.file]);
        return fakes.decodePhoto ? fakes.decodePhoto(input.file) : { ok: true, text: link };
      }),
      acceptCode: fromPromise<AcceptCodeOutput, AcceptCodeInput>(async ({ input }) => {
        calls.push(['acceptCode', input.text]);
        return fakes.acceptCode ? fakes.acceptCode(input.text) : { ok: true, value: community };
      }),
    },
    actions: { notifyAccepted: (_, params) => void calls.push(['notifyAccepted', params.value]) },
  });
  const actor = createActor(machine).start();
  const frame = (event: QrScannerEvent) => {
    if (!sendFrame) throw new Error('not scanning');
    sendFrame(event);
  };
  return { actor, calls, frame, names: () => calls.map(([name]) => name) };
}

const photo = (name = 'code.png') => new File(['png bytes'], name, { type: 'image/png' });

describe('scanning with the camera', () => {
  it('opens the camera, decodes a frame, releases the camera, then accepts the code', async () => {
    const { actor, calls, frame } = startScanner();
    expect(selectScannerPhase(actor.getSnapshot())).toBe('idle');
    actor.send({ type: 'user.start' });
    expect(selectScannerPhase(actor.getSnapshot())).toBe('startingCamera');
    await waitFor(actor, (s) => s.matches('scanning'));
    expect(actor.getSnapshot().hasTag('camera')).toBe(true);
    frame({ type: 'scanner.decoded', text: link });
    expect(selectScannerPhase(actor.getSnapshot())).toBe('checking');
    const done = await waitFor(actor, (s) => s.matches('done'));
    expect(selectAccepted(done)).toEqual(community);
    expect(done.context.camera).toBeNull();
    expect(calls).toEqual([
      ['openCamera'],
      ['scanFrames', 'camera-1'],
      ['releaseCamera', 'camera-1'],
      ['acceptCode', link],
      ['notifyAccepted', community],
    ]);
  });

  it('rejects a text that is not a code for this scan, and scans again on retry', async () => {
    let answer: AcceptCodeOutput = { ok: false, code: 'NOT_A_COMMUNITY_CODE' };
    const { actor, frame, names } = startScanner({ acceptCode: async () => answer });
    actor.send({ type: 'user.start' });
    await waitFor(actor, (s) => s.matches('scanning'));
    frame({ type: 'scanner.decoded', text: 'hello' });
    const rejected = await waitFor(actor, (s) => s.matches('rejected'));
    expect(selectScannerError(rejected)).toBe('NOT_A_COMMUNITY_CODE');
    expect(selectAccepted(rejected)).toBeNull();

    answer = { ok: true, value: community };
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().context).toMatchObject({ errorCode: null, text: null });
    await waitFor(actor, (s) => s.matches('scanning'));
    frame({ type: 'scanner.decoded', text: link });
    await waitFor(actor, (s) => s.matches('done'));
    const attempt = ['openCamera', 'scanFrames', 'releaseCamera', 'acceptCode'];
    expect(names()).toEqual([...attempt, ...attempt, 'notifyAccepted']);
  });

  it('ignores frames once a code is being checked', async () => {
    const { actor, frame, names } = startScanner({ acceptCode: () => new Promise(() => {}) });
    actor.send({ type: 'user.start' });
    await waitFor(actor, (s) => s.matches('scanning'));
    frame({ type: 'scanner.decoded', text: link });
    expect(() => frame({ type: 'scanner.decoded', text: 'other' })).toThrow('not scanning');
    expect(names().filter((n) => n === 'acceptCode')).toHaveLength(1);
  });

  it('goes to cameraUnavailable when the camera stops while scanning', async () => {
    const { actor, frame, names } = startScanner();
    actor.send({ type: 'user.start' });
    await waitFor(actor, (s) => s.matches('scanning'));
    frame({ type: 'camera.failed', code: 'CAMERA_UNAVAILABLE' });
    const s = actor.getSnapshot();
    expect(selectScannerPhase(s)).toBe('cameraUnavailable');
    expect(selectScannerError(s)).toBe('CAMERA_UNAVAILABLE');
    expect(names()).toEqual(['openCamera', 'scanFrames', 'releaseCamera']);
  });

  it('releases the camera on cancel, and waits', async () => {
    const { actor, calls } = startScanner();
    actor.send({ type: 'user.start' });
    await waitFor(actor, (s) => s.matches('scanning'));
    actor.send({ type: 'user.cancel' });
    expect(calls.at(-1)).toEqual(['releaseCamera', 'camera-1']);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });

  it('releases the camera when the scanner itself is stopped (the screen is left)', async () => {
    const { actor, calls } = startScanner();
    actor.send({ type: 'user.start' });
    await waitFor(actor, (s) => s.matches('scanning'));
    actor.stop();
    expect(calls.at(-1)).toEqual(['releaseCamera', 'camera-1']);
  });

  it('scans another code after one was accepted', async () => {
    const { actor, frame } = startScanner();
    actor.send({ type: 'user.start' });
    await waitFor(actor, (s) => s.matches('scanning'));
    frame({ type: 'scanner.decoded', text: link });
    await waitFor(actor, (s) => s.matches('done'));
    actor.send({ type: 'user.retry' });
    expect(selectAccepted(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches('scanning'));
    expect(actor.getSnapshot().context.camera).toEqual({ id: 'camera-2' });
  });
});

describe('without a camera', () => {
  it.each(['CAMERA_DENIED', 'CAMERA_NOT_FOUND'] as const)('keeps %s and decodes a picked photo instead', async (code) => {
    const { actor, calls, names } = startScanner({ openCamera: async () => ({ ok: false, code }) });
    actor.send({ type: 'user.start' });
    const unavailable = await waitFor(actor, (s) => s.matches('cameraUnavailable'));
    expect(selectScannerError(unavailable)).toBe(code);
    const file = photo();
    actor.send({ type: 'user.pickPhoto', file });
    expect(selectScannerPhase(actor.getSnapshot())).toBe('readingPhoto');
    expect(selectScannerError(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls[1]).toEqual(['decodePhoto', file]);
    expect(names()).toEqual(['openCamera', 'decodePhoto', 'acceptCode', 'notifyAccepted']);
  });

  it('reports CAMERA_UNAVAILABLE when opening the camera throws', async () => {
    const { actor } = startScanner({ openCamera: () => Promise.reject(new Error('boom')) });
    actor.send({ type: 'user.start' });
    expect(selectScannerError(await waitFor(actor, (s) => s.matches('cameraUnavailable')))).toBe('CAMERA_UNAVAILABLE');
  });

  it('tries the camera again on retry', async () => {
    let answer: OpenCameraOutput = { ok: false, code: 'CAMERA_DENIED' };
    const { actor } = startScanner({ openCamera: async () => answer });
    actor.send({ type: 'user.start' });
    await waitFor(actor, (s) => s.matches('cameraUnavailable'));
    answer = { ok: true, camera: { id: 'late-camera' } };
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('scanning'));
  });

  it('a photo can be picked before the camera answers, and from idle', async () => {
    const { actor, names } = startScanner({ openCamera: () => new Promise(() => {}) });
    actor.send({ type: 'user.start' });
    actor.send({ type: 'user.pickPhoto', file: photo() });
    await waitFor(actor, (s) => s.matches('done'));
    expect(names()).toEqual(['openCamera', 'decodePhoto', 'acceptCode', 'notifyAccepted']);

    const idle = startScanner();
    idle.actor.send({ type: 'user.pickPhoto', file: photo() });
    await waitFor(idle.actor, (s) => s.matches('done'));
    expect(idle.names()).toEqual(['decodePhoto', 'acceptCode', 'notifyAccepted']);
  });
});

describe('photos', () => {
  it.each(['NO_CODE_FOUND', 'PHOTO_UNREADABLE'] as const)('rejects a photo with %s without checking any text', async (code) => {
    const { actor, names } = startScanner({ decodePhoto: async () => ({ ok: false, code }) });
    actor.send({ type: 'user.pickPhoto', file: photo() });
    const rejected = await waitFor(actor, (s) => s.matches('rejected'));
    expect(selectScannerError(rejected)).toBe(code);
    expect(names()).toEqual(['decodePhoto']);
  });

  it('reports PHOTO_UNREADABLE when the decoder throws', async () => {
    const { actor } = startScanner({ decodePhoto: () => Promise.reject(new Error('bad image')) });
    actor.send({ type: 'user.pickPhoto', file: photo() });
    expect(selectScannerError(await waitFor(actor, (s) => s.matches('rejected')))).toBe('PHOTO_UNREADABLE');
  });

  it('a second photo replaces the one being read', async () => {
    const first = photo('first.png');
    const second = photo('second.png');
    const { actor, calls } = startScanner({
      decodePhoto: (file) => (file === first ? new Promise(() => {}) : Promise.resolve({ ok: true, text: 'second text' })),
    });
    actor.send({ type: 'user.pickPhoto', file: first });
    actor.send({ type: 'user.pickPhoto', file: second });
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls.slice(0, 3)).toEqual([
      ['decodePhoto', first],
      ['decodePhoto', second],
      ['acceptCode', 'second text'],
    ]);
  });
});

describe('a link opened by the phone camera', () => {
  it('checks the text directly, without the camera', async () => {
    const { actor, names, calls } = startScanner();
    actor.send({ type: 'link.opened', text: link });
    expect(selectScannerPhase(actor.getSnapshot())).toBe('checking');
    await waitFor(actor, (s) => s.matches('done'));
    expect(calls[0]).toEqual(['acceptCode', link]);
    expect(names()).not.toContain('openCamera');
  });

  it('lets the user scan after a refused link', async () => {
    const { actor } = startScanner({ acceptCode: async () => ({ ok: false, code: 'COMMUNITY_NOT_FOUND' }) });
    actor.send({ type: 'link.opened', text: link });
    expect(selectScannerError(await waitFor(actor, (s) => s.matches('rejected')))).toBe('COMMUNITY_NOT_FOUND');
    actor.send({ type: 'user.retry' });
    await waitFor(actor, (s) => s.matches('scanning'));
  });

  it('reports UNKNOWN_ERROR when the check throws, and cancel clears it', async () => {
    const { actor } = startScanner({ acceptCode: () => Promise.reject(new Error('boom')) });
    actor.send({ type: 'link.opened', text: link });
    expect(selectScannerError(await waitFor(actor, (s) => s.matches('rejected')))).toBe('UNKNOWN_ERROR');
    actor.send({ type: 'user.cancel' });
    expect(actor.getSnapshot().context).toEqual({ text: null, camera: null, accepted: null, errorCode: null, userId: null, offline: false });
  });
});
