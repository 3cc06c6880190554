import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What to show instead of the children; `retry` renders them again. */
  fallback: (error: Error, retry: () => void) => ReactNode;
  /** A value whose change renders the children again after a failure (the dev server's content revision). */
  resetOn?: unknown;
  children: ReactNode;
}

/** Keeps a failure inside the part that failed; the rest of the page goes on working. */
export class ErrorBoundary extends Component<Props, { error: Error | null; resetOn: unknown }> {
  state = { error: null as Error | null, resetOn: this.props.resetOn };

  static getDerivedStateFromProps(props: Props, state: { resetOn: unknown }) {
    return props.resetOn === state.resetOn ? null : { error: null, resetOn: props.resetOn };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[crash]', error, info?.componentStack);
    this.setState({ error });
  }

  retry = () => this.setState({ error: null });

  render() {
    return this.state.error ? this.props.fallback(this.state.error, this.retry) : this.props.children;
  }
}

/** The whole page crashed: the chrome stays, the page says so and can be rendered again. */
export function PageCrash({ error, retry }: { error: Error; retry: () => void }) {
  return (
    <main className="status-page" role="alert">
      <h1>This page crashed.</h1>
      <p className="status-page__error">{error.message}</p>
      <button type="button" className="button button--primary" onClick={retry}>
        Try again
      </button>
    </main>
  );
}

/** One part of a page (a diagram, a tab group…) failed: its message and a way to try again. */
export function PartCrash({ error, retry }: { error: Error; retry: () => void }) {
  return (
    <div className="part-crash" role="alert">
      <p className="part-crash__message">{error.message}</p>
      <button type="button" className="button button--secondary" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

/** Wraps an MDX component so that its failure stays inside it. */
export function withPartBoundary<P extends object>(Inner: ComponentType<P>) {
  function Guarded(props: P) {
    return (
      <ErrorBoundary fallback={(error, retry) => <PartCrash error={error} retry={retry} />}>
        <Inner {...props} />
      </ErrorBoundary>
    );
  }
  Guarded.displayName = `Guarded(${Inner.name})`;
  return Guarded;
}
