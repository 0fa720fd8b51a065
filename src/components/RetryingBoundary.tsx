import { Component, Suspense, type ReactNode } from 'react';
import { retryFailedLazies } from './retryableLazy';
import { browserOnline } from '../actors/watchOnline';

/** What a fallback is given: whether the device is offline, and a way to try again now. */
export interface Failure {
  offline: boolean;
  retry: () => void;
}

interface Props {
  /** Shown in place of the children while they cannot be shown. */
  fallback: (failure: Failure) => ReactNode;
  /** A change (the member moving to another page) tries again. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  offline: boolean;
}

const isOffline = () => !browserOnline();

/**
 * An error boundary for lazily loaded parts of the app, whose code may fail to load (offline,
 * before the service worker has saved it). While failed it shows its `fallback`; it asks for the
 * code again (`retryFailedLazies`) by itself when the connection comes back, when the page is
 * shown again and when `resetKey` changes, and when the fallback calls `retry`.
 */
export class RetryingBoundary extends Component<Props, State> {
  state: State = { failed: false, offline: false };

  static getDerivedStateFromError(): State {
    return { failed: true, offline: isOffline() };
  }

  componentDidMount(): void {
    window.addEventListener('online', this.retry);
    window.addEventListener('offline', this.markOffline);
    document.addEventListener('visibilitychange', this.retryWhenShown);
  }

  componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
    window.removeEventListener('offline', this.markOffline);
    document.removeEventListener('visibilitychange', this.retryWhenShown);
  }

  componentDidUpdate(previous: Props): void {
    if (previous.resetKey !== this.props.resetKey) this.retry();
  }

  componentDidCatch(error: unknown): void {
    console.warn('a part of the app could not be shown:', error);
  }

  private markOffline = () => {
    if (this.state.failed) this.setState({ offline: true });
  };

  /** Shown again while online (offline, a retry would only flash the loader over the notice). */
  private retryWhenShown = () => {
    if (document.visibilityState !== 'hidden' && browserOnline()) this.retry();
  };

  private retry = () => {
    if (!this.state.failed) return;
    retryFailedLazies();
    this.setState({ failed: false, offline: false });
  };

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback({ offline: this.state.offline, retry: this.retry });
  }
}

/**
 * For lazily loaded content that is not a screen (the toast container, the install instructions):
 * shows nothing while its code loads or cannot load, and tries again like any `RetryingBoundary`.
 */
export function UntilOnline({ children }: { children: ReactNode }) {
  return (
    <RetryingBoundary fallback={() => null}>
      <Suspense fallback={null}>{children}</Suspense>
    </RetryingBoundary>
  );
}
