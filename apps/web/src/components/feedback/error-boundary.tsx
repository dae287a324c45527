import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

type Props = { children: ReactNode };
type State = { failed: boolean };

/**
 * docs/product.md#error-handling: an uncaught rendering error replaces the app with 'Sorry.. there was an error' and is
 * logged to the console. (Errors inside routes are caught by the router's errorElement, which shows
 * the same fallback; this catches what happens outside the router.)
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Uncaught rendering error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
