/** A clock that follows real time plus an offset the test can move forward. */
export interface TestClock {
  now: () => Date;
  advance(seconds: number): void;
  reset(): void;
}

export function createTestClock(): TestClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(seconds) {
      offsetMs += seconds * 1000;
    },
    reset() {
      offsetMs = 0;
    },
  };
}
