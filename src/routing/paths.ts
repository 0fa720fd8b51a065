/** The routes of issue 2 (SPEC §2). Later issues add to these lists. */
export const paths = {
  root: '/',
  login: '/login',
  welcome: '/welcome',
  signup: '/signup',
  verify: '/verify',
  communityScan: '/community-scan',
  home: '/home',
} as const;

/** Public routes that send an authenticated user to / (SPEC §2). */
export const guestOnlyPaths: readonly string[] = [paths.login, paths.welcome, paths.signup];

/** Public routes that stay reachable whatever the session. */
export const openPaths: readonly string[] = [paths.communityScan];

/** Routes for verified users only. */
export const protectedPaths: readonly string[] = [paths.home];
