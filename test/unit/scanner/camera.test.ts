import { describe, expect, it, vi } from 'vitest';
import { cameraConstraints, cameraErrorCode, openCamera } from '../../../src/scanner/camera';

function fakeStream() {
  const track = { stop: vi.fn() };
  return { stream: { id: 'stream-1', getTracks: () => [track] } as unknown as MediaStream, track };
}

const domError = (name: string) => Object.assign(new Error(name), { name });

describe('camera constraints', () => {
  it('ask for the back camera about 1280 px wide, and never with exact values', () => {
    expect(cameraConstraints.video).toEqual({ facingMode: { ideal: 'environment' }, width: { ideal: 1280 } });
    expect(JSON.stringify(cameraConstraints)).not.toMatch(/exact|min|max/);
  });
});

describe('openCamera', () => {
  it('returns the stream getUserMedia gives', async () => {
    const { stream } = fakeStream();
    const getUserMedia = vi.fn(async () => stream);
    await expect(openCamera({ mediaDevices: { getUserMedia } })).resolves.toEqual({ ok: true, camera: stream });
    expect(getUserMedia).toHaveBeenCalledWith(cameraConstraints);
  });

  it.each([
    ['NotAllowedError', 'CAMERA_DENIED'],
    ['SecurityError', 'CAMERA_DENIED'],
    ['NotFoundError', 'CAMERA_NOT_FOUND'],
    ['OverconstrainedError', 'CAMERA_NOT_FOUND'],
    ['NotReadableError', 'CAMERA_UNAVAILABLE'],
    ['AbortError', 'CAMERA_UNAVAILABLE'],
  ])('maps %s to %s', async (name, code) => {
    const getUserMedia = vi.fn(() => Promise.reject(domError(name)));
    await expect(openCamera({ mediaDevices: { getUserMedia } })).resolves.toEqual({ ok: false, code });
    expect(cameraErrorCode(domError(name))).toBe(code);
  });

  it('says CAMERA_NOT_FOUND without mediaDevices (old browser, page not on HTTPS)', async () => {
    await expect(openCamera({ mediaDevices: undefined })).resolves.toEqual({ ok: false, code: 'CAMERA_NOT_FOUND' });
    expect(cameraErrorCode('weird')).toBe('CAMERA_UNAVAILABLE');
  });

  it('stops a stream that arrives after the scan was left', async () => {
    const { stream, track } = fakeStream();
    const left = new AbortController();
    const pending = openCamera({ signal: left.signal, mediaDevices: { getUserMedia: async () => stream } });
    left.abort();
    expect((await pending).ok).toBe(false);
    expect(track.stop).toHaveBeenCalledOnce();
  });
});
