import { describe, expect, it } from 'vitest';
import { createPendingRequests } from '../../../src/app/pendingRequests';
import { createUnauthorizedHandler } from '../../../src/app/unauthorizedHandler';

function setup(current: string | null) {
  const pending = createPendingRequests();
  const sent: string[] = [];
  const handler = createUnauthorizedHandler({
    pending,
    refresher: { send: (e) => sent.push(e.requestId) },
    readAuthToken: () => current,
  });
  return { pending, sent, handler };
}

describe('createUnauthorizedHandler', () => {
  it('queues the request in the refresh machine and resolves with the token it is settled with', async () => {
    const { pending, sent, handler } = setup('old-token-123');
    const token = handler('old-token-123');
    expect(sent).toHaveLength(1);
    pending.settle(sent, 'new-token-456');
    await expect(token).resolves.toBe('new-token-456');
  });

  it('retries at once with the current token when the call went out with a replaced one', async () => {
    const { sent, handler } = setup('new-token-456');
    await expect(handler('old-token-123')).resolves.toBe('new-token-456');
    expect(sent).toEqual([]);
  });

  it('gives up when nobody is logged in', async () => {
    const { sent, handler } = setup(null);
    await expect(handler('old-token-123')).resolves.toBeNull();
    expect(sent).toEqual([]);
  });
});
