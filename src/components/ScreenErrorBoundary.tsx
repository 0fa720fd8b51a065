import { Component, type ReactNode } from 'react';
import { Button, Paper, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { retryFailedLazies } from './retryableLazy';

interface Props {
  /** The current location: moving to another page clears the error. */
  location: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  offline: boolean;
}

/**
 * Keeps the app on screen when a screen cannot be shown, most often because its code cannot be
 * loaded (offline, before the service worker has saved it): instead of an empty page, a notice in
 * the member's language with 'Try again', inside the frame (top bar, tab bar, back link). Back
 * online, it tries again by itself.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, offline: false };

  static getDerivedStateFromError(): State {
    return { failed: true, offline: typeof navigator !== 'undefined' && !navigator.onLine };
  }

  componentDidMount(): void {
    window.addEventListener('online', this.retry);
    window.addEventListener('offline', this.markOffline);
  }

  componentWillUnmount(): void {
    window.removeEventListener('online', this.retry);
    window.removeEventListener('offline', this.markOffline);
  }

  componentDidUpdate(previous: Props): void {
    if (previous.location !== this.props.location && this.state.failed) this.retry();
  }

  componentDidCatch(error: unknown): void {
    console.warn('a screen could not be shown:', error);
  }

  private markOffline = () => {
    if (this.state.failed) this.setState({ offline: true });
  };

  private retry = () => {
    if (!this.state.failed) return;
    retryFailedLazies();
    this.setState({ failed: false, offline: false });
  };

  render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <Paper withBorder p="lg" radius="md" role="alert" data-testid="screen-error">
        <Text fw={700} mb="xs">
          {this.state.offline ? (
            <Trans id="components.screenError.offlineTitle">You're offline</Trans>
          ) : (
            <Trans id="components.screenError.title">This page could not be loaded</Trans>
          )}
        </Text>
        <Text c="dimmed" mb="md">
          {this.state.offline ? (
            <Trans id="components.screenError.offlineText">
              This page is not saved on this device yet. It opens as soon as you're back online.
            </Trans>
          ) : (
            <Trans id="components.screenError.text">Check your connection and try again.</Trans>
          )}
        </Text>
        <Button onClick={this.retry}>
          <Trans id="components.screenError.retry">Try again</Trans>
        </Button>
      </Paper>
    );
  }
}
