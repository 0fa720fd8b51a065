import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { selectAccess, selectOrigin, type SessionAccess } from '../../machines/session.selectors';
import { ScreenLoader } from '../components/ScreenLoader';
import { useSession, useSystemActor } from '../actors/hooks';
import { hideToast, showToast } from '../actors/toast';
import { guardRoute, type SessionStanding } from './guard';
import { guardMessages } from './guardMessages';
import { routeTable } from './routeTable';
import { NotFoundScreen, screens } from './screens';

const isLoggedIn = (access: SessionAccess) => access === 'verified' || access === 'unverified';

/**
 * The route table behind its guards. The guard decision is pure (`guardRoute`);
 * this component carries it out: toast, remember the origin, navigate. A lazily loaded screen
 * suspends to the Shell's boundary, which holds back the footer with it.
 */
export function AppRoutes({ onScreenShown }: { onScreenShown?: () => void }) {
  const { i18n } = useLingui();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const session = useSystemActor('session');
  const access = useSession(selectAccess);
  const origin = useSession(selectOrigin);
  // The standing the user had when this component last settled: tells a log-out or an expiry
  // (session ended here) from a visit to a protected page without a session.
  const settledAccess = useRef<SessionAccess>(access);

  const decide = (standing: SessionStanding) =>
    guardRoute(location, standing, {
      origin,
      sessionEnded: standing === 'anonymous' && isLoggedIn(settledAccess.current),
    });
  const decision = access === 'pending' ? null : decide(access);

  useEffect(() => {
    if (access === 'pending') return;
    const { redirect, messageId, rememberOrigin, consumeOrigin } = decide(access);
    settledAccess.current = access;
    // Logged in: the 'please log in' of the redirect that led here has said what it had to.
    if (isLoggedIn(access)) hideToast('guard.loginRequired');
    if (!redirect) return;
    if (messageId) showToast('info', () => i18n._(guardMessages[messageId]), { id: messageId });
    if (rememberOrigin) session.send({ type: 'navigation.denied', origin: search ? `${location}?${search}` : location });
    if (consumeOrigin) session.send({ type: 'navigation.originConsumed' });
    navigate(redirect, { replace: true });
    // decide() reads only these values and the settled ref
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location, access, origin]);

  if (!decision || decision.redirect) return <ScreenLoader />;
  return (
    <>
      <Switch>
        {routeTable
          .filter(({ access }) => access !== 'root')
          .map(({ pattern, screen }) => (
            <Route key={pattern} path={pattern} component={screens[screen]} />
          ))}
        <Route component={NotFoundScreen} />
      </Switch>
      {onScreenShown && <ScreenShown onShown={onScreenShown} />}
    </>
  );
}

/** Tells once a screen (not the loader) has been committed: it mounts with the screen, not before. */
function ScreenShown({ onShown }: { onShown: () => void }) {
  useEffect(() => {
    onShown();
  }, [onShown]);
  return null;
}
