import { configure } from '@testing-library/react';

/**
 * `findBy…` and `waitFor` wait up to 10 s instead of Testing Library's 1 s: a screen's first
 * lazy import is transformed on the spot, which on a busy two-core machine has taken over a
 * second (the operator console). A defect still fails, only later.
 */
configure({ asyncUtilTimeout: 10_000 });
