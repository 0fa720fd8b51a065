import { Component, type ReactNode } from 'react';
import { retryFailedLazies } from './retryableLazy';

/**
 * Shows nothing while its lazily loaded content cannot load (offline before the service worker
 * saved it), and tries again once the connection is back or the page is shown again.
 */
export class UntilOnline extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidMount() {
    window.addEventListener('online', this.retry);
    document.addEventListener('visibilitychange', this.retry);
  }

  componentWillUnmount() {
    window.removeEventListener('online', this.retry);
    document.removeEventListener('visibilitychange', this.retry);
  }

  private retry = () => {
    if (!this.state.failed || document.visibilityState === 'hidden') return;
    retryFailedLazies();
    this.setState({ failed: false });
  };

  render() {
    return this.state.failed ? null : this.props.children;
  }
}
