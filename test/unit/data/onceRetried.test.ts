import { describe, expect, it, vi } from 'vitest';
import { onceRetried } from '../../../src/data/onceRetried';

describe('onceRetried', () => {
  it('loads once for every call, and asks again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue('chunk');
    const get = onceRetried(load);
    await expect(get()).rejects.toThrow('offline');
    await expect(Promise.all([get(), get()])).resolves.toEqual(['chunk', 'chunk']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
