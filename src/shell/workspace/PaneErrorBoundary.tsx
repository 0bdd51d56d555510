import { Component, type ReactNode } from 'react';

interface Props {
  /** Rendered instead of the children after an error; `retry` clears it. */
  fallback: (retry: () => void) => ReactNode;
  onRetry?: () => void;
  children: ReactNode;
}

/** Keeps one pane's failure (a chunk that did not load, a render error) inside its tile. */
export class PaneErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown): void {
    console.error('Pane failed', error);
  }

  private retry = (): void => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
