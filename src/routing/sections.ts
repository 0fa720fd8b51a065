import { linkTo, paths } from './paths';
import { findRoute, matchPattern, type ScreenKey } from './routeTable';

/** The five sections of the member's app: the bottom tabs on phones, the header links on wide screens. */
export type SectionKey = 'home' | 'earn' | 'redeem' | 'activity' | 'profile';

/**
 * The screens a back link can lead to (their titles label the link). `start` is the root, which
 * leads a member home and a visitor to the login without a word: the back link of the
 * pages open to everyone, where /home would tell a visitor to log in.
 */
export type BackTarget = 'home' | 'start' | 'earn' | 'forms' | 'redeem' | 'redeemSection' | 'rewards' | 'profile' | 'trivia' | 'triviaContest';

export interface Section {
  key: SectionKey;
  href: string;
}

/** The sections in tab order. */
export const sections: readonly Section[] = [
  { key: 'home', href: paths.home },
  { key: 'earn', href: '/earn' },
  { key: 'redeem', href: '/redeem' },
  { key: 'activity', href: paths.activity },
  { key: 'profile', href: paths.profile },
];

const backHref: Record<BackTarget, (params: Record<string, string>) => string> = {
  home: () => paths.home,
  start: () => paths.root,
  earn: () => '/earn',
  forms: () => '/forms',
  redeem: () => '/redeem',
  redeemSection: () => '/redeem',
  rewards: () => paths.rewards,
  profile: () => paths.profile,
  trivia: () => paths.individualTrivia,
  // the contest of the screen's own path
  triviaContest: ({ id }) => linkTo(paths.triviaContest, { id }),
};

interface Place {
  section: SectionKey | null;
  /** The screen one level up; absent for a section's own screen and the entry screens. */
  back?: BackTarget;
}

/** Where each screen sits: its section and, below a section, the screen its back link leads to. */
function placeOf(screen: ScreenKey, params: Record<string, string>): Place {
  switch (screen) {
    case 'Home':
      return { section: 'home' };
    // Announcements have their own entry (the top bar's bell): no section is marked.
    case 'Announcements':
      return { section: null, back: 'home' };
    // The things to play are ways to earn: Trivia and Chance to Win open from Earn's cards, and
    // Contests (Home's tile) lists them all.
    case 'Contests':
      return { section: 'earn', back: 'home' };
    case 'ChanceToWin':
    case 'IndividualTrivia':
      return { section: 'earn', back: 'earn' };
    case 'TriviaContest':
      // one level up: Trivia lists the contests
      return { section: 'earn', back: 'trivia' };
    case 'TriviaQuestion':
    case 'TriviaAnswer':
      // the question of the day goes back to Trivia, a contest's question to its contest
      return { section: 'earn', back: params.id ? 'triviaContest' : 'trivia' };
    case 'TriviaContestInfo':
      return { section: 'earn', back: 'triviaContest' };
    // What the member got for their pips belongs with Redeem.
    case 'Rewards':
      return { section: 'redeem', back: 'redeemSection' };
    case 'RewardDetail':
      return { section: 'redeem', back: 'rewards' };
    case 'Earn':
      return params.actionId ? { section: 'earn', back: 'earn' } : { section: 'earn' };
    case 'Forms':
      return params.id ? { section: 'earn', back: 'forms' } : { section: 'earn', back: 'earn' };
    case 'Redeem':
      return params.id ? { section: 'redeem', back: 'redeem' } : { section: 'redeem' };
    case 'Activity':
      return { section: 'activity' };
    case 'Profile':
      return { section: 'profile' };
    // the console too: its link is on Profile (an operator's own account)
    case 'ChangePassword':
    case 'DeleteAccount':
    case 'Admin':
      return { section: 'profile', back: 'profile' };
    case 'Sitemap':
    case 'Documentation':
    case 'ApiDocs':
    case 'Support':
      return { section: null, back: 'start' };
    default:
      // the entry screens (login, sign-up, verify...) carry their own links
      return { section: null };
  }
}

export interface Whereabouts {
  /** The section a pathname belongs to (its tab is marked), or null outside the sections. */
  section: SectionKey | null;
  /** The back link of a screen below a section: where it goes and which title it carries. */
  back: { target: BackTarget; href: string } | null;
}

/** The section and the back link of a pathname (no query); nothing for an unknown path. */
export function whereabouts(pathname: string): Whereabouts {
  const route = findRoute(pathname);
  if (!route) return { section: null, back: null };
  const params = matchPattern(route.pattern, pathname) ?? {};
  const place = placeOf(route.screen, params);
  return { section: place.section, back: place.back ? { target: place.back, href: backHref[place.back](params) } : null };
}
