import { msg } from '@lingui/core/macro';
import type { BackTarget, SectionKey } from '../../routing/sections';

/** The sections' names, on the tabs and the header links. */
export const sectionMessages = {
  home: msg({ id: 'components.nav.home', message: 'Home' }),
  earn: msg({ id: 'components.nav.earn', message: 'Earn' }),
  redeem: msg({ id: 'components.nav.redeem', message: 'Redeem' }),
  activity: msg({ id: 'components.nav.activity', message: 'Activity' }),
  profile: msg({ id: 'components.nav.profile', message: 'Profile' }),
} satisfies Record<SectionKey, unknown>;

const backHome = msg({ id: 'components.back.home', message: 'Back to home' });

/** The back links' texts, named after the screen they lead to. */
export const backMessages = {
  home: backHome,
  start: backHome,
  earn: msg({ id: 'components.back.earn', message: 'Back to Earn' }),
  forms: msg({ id: 'components.back.forms', message: 'All forms' }),
  redeem: msg({ id: 'components.back.redeem', message: 'All rewards' }),
  redeemSection: msg({ id: 'components.back.redeemSection', message: 'Back to Redeem' }),
  rewards: msg({ id: 'components.back.rewards', message: 'My rewards' }),
  profile: msg({ id: 'components.back.profile', message: 'Back to profile' }),
  trivia: msg({ id: 'components.back.trivia', message: 'Back to trivia' }),
  triviaContest: msg({ id: 'components.back.triviaContest', message: 'Back to the contest' }),
} satisfies Record<BackTarget, unknown>;

export const navigationMessages = {
  sections: msg({ id: 'components.nav.label', message: 'Sections' }),
};
