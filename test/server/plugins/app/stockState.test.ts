import { describe, expect, it } from 'vitest';
import { LOW_STOCK, stockState } from '../../../../server/plugins/app/operators/index';

describe('stockState (the console badge of a reward option, on the wire as `stock`)', () => {
  it.each([
    [0, 0, 'none'],
    [0, 12, 'out'],
    [1, 12, 'low'],
    [LOW_STOCK - 1, 12, 'low'],
    [LOW_STOCK, 12, 'ok'],
    [12, 12, 'ok'],
  ] as const)('%i left of %i: %s', (left, total, state) => {
    expect(stockState(left, total)).toBe(state);
  });
});
