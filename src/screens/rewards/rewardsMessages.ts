import { msg, plural } from '@lingui/core/macro';

/** Texts My Rewards and the reward detail share. */
export const rewardsMessages = {
  redeemedFor: (pips: number) =>
    msg({ id: 'pages.rewards.redeemedFor', message: `Redeemed for ${plural(pips, { one: '# pip', other: '# pips' })}` }),
  /** Default: the rewards could not be loaded and none are stored. */
  loadError: msg({ id: 'pages.rewards.loadError', message: 'Failed to fetch user rewards' }),
  /** Shown above stored rewards when the network failed (rewards fall back to the cache). */
  cached: msg({ id: 'pages.rewards.cached', message: 'You are offline or the server did not answer: these are your saved rewards.' }),
};
