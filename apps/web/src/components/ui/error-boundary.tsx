import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportFailure } from '../../lib/report-failures';

export interface ErrorFallbackProps {
  error: unknown;
  reset: () => void;
}

interface Props {
  children: ReactNode;
  fallback: (props: ErrorFallbackProps) => ReactNode;
  /** When this changes (e.g. the path), a shown error is cleared: navigating away recovers. */
  resetKey?: unknown;
  onError?: (error: unknown, info: ErrorInfo) => void;
}

type State = { failed: false } | { failed: true; error: unknown };

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // A screen replaced by its fallback is a failure the diner saw: the server's error reporter hears of it.
    reportFailure('render', error);
    this.props.onError?.(error, info);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.failed && !Object.is(previous.resetKey, this.props.resetKey)) this.reset();
  }

  reset = (): void => {
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    if (this.state.failed) return this.props.fallback({ error: this.state.error, reset: this.reset });
    return this.props.children;
  }
}
