import { describe, expect, it } from 'vitest';
import { qrScannerMachine } from '../../machines/qrScanner.machine';
import type { QrScannerEvent } from '../../machines/qrScanner.types';
import {
  actorEvents,
  describePath,
  listTransitions,
  userEvents,
  type ActorOutputFixtures,
  type EventFixtures,
} from './pathCoverage';
import { describePathCoverage } from './describePathCoverage';

const link = 'https://pips.example.org/community-scan?communityId=demo';

const eventFixtures = {
  'user.start': [{ type: 'user.start' }],
  'link.opened': [{ type: 'link.opened', text: link }],
  'scanner.decoded': [{ type: 'scanner.decoded', text: link }],
  'camera.failed': [{ type: 'camera.failed', code: 'CAMERA_UNAVAILABLE' }],
  'user.pickPhoto': [{ type: 'user.pickPhoto', file: new Blob(['a photo'], { type: 'image/png' }) }],
  'user.retry': [{ type: 'user.retry' }],
  'user.cancel': [{ type: 'user.cancel' }],
} satisfies EventFixtures<QrScannerEvent>;

const outputFixtures = {
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

const events = [...userEvents(eventFixtures), ...actorEvents(qrScannerMachine, outputFixtures)];
const report = describePathCoverage('qrScanner', qrScannerMachine, { events });

describe('qrScanner machine paths, beyond coverage', () => {
  it('has the transitions the coverage guard walks', () => {
    expect(listTransitions(qrScannerMachine).length).toBeGreaterThan(25);
  });

  it('never leaves a camera in the context outside scanning', () => {
    for (const path of report.paths) {
      if (!path.state.matches('scanning')) expect(path.state.context.camera, describePath(path)).toBeNull();
    }
  });
});
