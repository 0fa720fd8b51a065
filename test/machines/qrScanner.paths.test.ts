import { qrScannerMachine } from '../../machines/qrScanner.machine';
import { selectAccepted, selectCameraLive, selectScannerBusy, selectScannerError, selectScannerPhase, type QrScannerPhase } from '../../machines/qrScanner.selectors';
import type { AcceptCodeOutput, CameraHandle, DecodePhotoOutput, OpenCameraOutput, QrScannerEvent } from '../../machines/qrScanner.types';
import { describeMachinePaths, type PathEvent } from './describePathCoverage';
import type { ActorOutputFixtures, EventFixtures } from './pathCoverage';
import { action, actorStarted, actorStopped, type Effect } from './recording';

const link = 'https://pips.example.org/community-scan?communityId=demo';
const photo = new Blob(['a photo'], { type: 'image/png' });

const events = {
  'user.start': [{ type: 'user.start' }],
  'link.opened': [{ type: 'link.opened', text: link }],
  'scanner.decoded': [{ type: 'scanner.decoded', text: link }],
  'camera.failed': [{ type: 'camera.failed', code: 'CAMERA_UNAVAILABLE' }],
  'user.pickPhoto': [{ type: 'user.pickPhoto', file: photo }],
  'user.retry': [{ type: 'user.retry' }],
  'user.cancel': [{ type: 'user.cancel' }],
  // Told by the app root (the earn scanner): whose queue, and whether the app is offline.
  'member.changed': [{ type: 'member.changed', userId: 7 }],
  'network.changed': [{ type: 'network.changed', offline: true }],
} satisfies EventFixtures<QrScannerEvent>;

const outputs = {
  openCamera: [
    { ok: true, camera: { id: 'camera-1' } },
    { ok: false, code: 'CAMERA_DENIED' },
    { ok: false, code: 'CAMERA_NOT_FOUND' },
  ],
  scanFrames: [undefined],
  decodePhoto: [
    { ok: true, text: link },
    { ok: false, code: 'NO_CODE_FOUND' },
  ],
  acceptCode: [
    { ok: true, value: { communityId: 'demo', name: 'Demo Community' } },
    { ok: false, code: 'NOT_A_COMMUNITY_CODE' },
    { ok: false, code: 'COMMUNITY_NOT_FOUND' },
  ],
} satisfies ActorOutputFixtures<typeof qrScannerMachine>;

/**
 * The rules (the community and earn QR scanners; the machine's doc comment): the camera is
 * opened on start and shown while frames are decoded; the first code read is checked
 * (`acceptCode`) and the camera released; a refused or missing camera says why and leaves the
 * photo fallback; a photo is decoded and its code checked the same way (another photo replaces
 * the one being read); a code's own link opening the app is checked at once, whatever the
 * scanner was doing. An accepted code is told to the screen; after a refusal, an unavailable
 * camera or an accepted code the member may scan again; cancel stops everything. Whatever is
 * running when the scanner moves on is stopped (the camera released, the call abandoned).
 */
function qrScannerRules() {
  type Running = 'openCamera' | 'scanFrames' | 'decodePhoto' | 'acceptCode' | null;
  let phase: QrScannerPhase = 'idle';
  let running: Running = null;
  let error: string | null = null;
  let accepted: unknown = null;
  let camera: CameraHandle | null = null;
  let userId: number | null = null;
  let offline = false;
  /** Moves on: what ran is stopped, the new step's actor starts. */
  const go = (next: QrScannerPhase, start: Running, input?: unknown): Effect[] => {
    const effects: Effect[] = running ? [actorStopped(running)] : [];
    if (running === 'scanFrames') camera = null;
    [phase, running] = [next, start];
    if (start) effects.push(actorStarted(start, input));
    return effects;
  };
  /** The step's actor answered: it is not stopped. */
  const answered = () => {
    running = null;
  };
  const clear = () => {
    error = null;
    accepted = null;
  };
  const check = (text: string) => go('checking', 'acceptCode', { text, userId, offline });
  const fail = (next: QrScannerPhase, code: string): Effect[] => {
    answered();
    error = code;
    return go(next, null);
  };
  return {
    started: [],
    on(event: PathEvent<QrScannerEvent>): Effect[] {
      switch (event.type) {
        case 'member.changed':
          userId = event.userId;
          return [];
        case 'network.changed':
          offline = event.offline;
          return [];
        case 'link.opened':
          clear();
          return check(event.text);
        case 'user.start':
        case 'user.retry':
          if (!['idle', 'cameraUnavailable', 'rejected', 'accepted'].includes(phase)) throw new Error(`no ${event.type} while ${phase}`);
          if (phase === 'idle' && event.type === 'user.retry') throw new Error('nothing to retry');
          if (phase !== 'idle') clear();
          return go('startingCamera', 'openCamera');
        case 'user.pickPhoto':
          clear();
          return go('readingPhoto', 'decodePhoto', { file: event.file });
        case 'user.cancel':
          if (phase === 'idle') throw new Error('nothing to cancel');
          clear();
          return go('idle', null);
        case 'xstate.done.actor.openCamera': {
          const output = event.output as OpenCameraOutput;
          if (!output.ok) return fail('cameraUnavailable', output.code);
          answered();
          camera = output.camera;
          return go('scanning', 'scanFrames', { camera });
        }
        case 'xstate.error.actor.openCamera':
          return fail('cameraUnavailable', 'CAMERA_UNAVAILABLE');
        case 'scanner.decoded':
          if (phase !== 'scanning') throw new Error('frames only while scanning');
          return check(event.text);
        case 'camera.failed':
          if (phase !== 'scanning') throw new Error('the camera fails only while scanning');
          error = event.code;
          return go('cameraUnavailable', null);
        case 'xstate.done.actor.decodePhoto': {
          const output = event.output as DecodePhotoOutput;
          if (!output.ok) return fail('rejected', output.code);
          answered();
          return check(output.text);
        }
        case 'xstate.error.actor.decodePhoto':
          return fail('rejected', 'PHOTO_UNREADABLE');
        case 'xstate.done.actor.acceptCode': {
          const output = event.output as AcceptCodeOutput;
          if (!output.ok) return fail('rejected', output.code);
          answered();
          accepted = output.value;
          return [action('notifyAccepted', { value: output.value }), ...go('accepted', null)];
        }
        case 'xstate.error.actor.acceptCode':
          return fail('rejected', 'UNKNOWN_ERROR');
        default:
          throw new Error(`the rules have no ${event.type}`);
      }
    },
    meaning: () => ({
      phase,
      error,
      busy: ['startingCamera', 'readingPhoto', 'checking'].includes(phase),
      cameraLive: phase === 'scanning',
      camera,
      accepted: phase === 'accepted' ? accepted : null,
    }),
  };
}

describeMachinePaths({
  name: 'qrScanner',
  machine: qrScannerMachine,
  events,
  outputs,
  meaning: (s) => ({
    phase: selectScannerPhase(s),
    error: selectScannerError(s),
    busy: selectScannerBusy(s),
    cameraLive: selectCameraLive(s),
    camera: s.context.camera,
    accepted: selectAccepted(s),
  }),
  oracle: qrScannerRules,
  words: {
    events: {
      'user.start': 'the member starts the scanner',
      'link.opened': "a code's link opens the app",
      'scanner.decoded': 'the camera reads a code',
      'camera.failed': (e) => `the camera stops (${e.code})`,
      'user.pickPhoto': 'the member picks a photo',
      'user.retry': 'scans again',
      'user.cancel': 'cancels',
      'member.changed': (e) => `member ${e.userId} is verified`,
      'network.changed': (e) => (e.offline ? 'the app learns it is offline' : 'the app learns it is online'),
      'xstate.done.actor.openCamera': (e) => {
        const output = e.output as OpenCameraOutput;
        return output.ok ? 'the camera opens' : `the camera is unavailable (${output.code})`;
      },
      'xstate.error.actor.openCamera': 'opening the camera breaks',
      'xstate.done.actor.decodePhoto': (e) => ((e.output as DecodePhotoOutput).ok ? 'a code is found in the photo' : 'no code is found in the photo'),
      'xstate.error.actor.decodePhoto': 'the photo cannot be read',
      'xstate.done.actor.acceptCode': (e) => {
        const output = e.output as AcceptCodeOutput;
        return output.ok ? 'the code is accepted' : `the code is refused (${output.code})`;
      },
      'xstate.error.actor.acceptCode': 'checking the code breaks',
    },
    outcome: (m) =>
      ({
        idle: 'the scanner is off',
        startingCamera: 'the scanner shows the camera starting',
        scanning: 'the camera shows, looking for a code',
        readingPhoto: 'the scanner shows the photo being read',
        checking: 'the scanner shows the code being checked',
        cameraUnavailable: `the member is told why there is no camera (${m.error}) and may pick a photo`,
        rejected: `the member is told why the code is refused (${m.error}) and may scan again`,
        accepted: 'the screen is told the code is accepted',
      })[m.phase],
  },
});
