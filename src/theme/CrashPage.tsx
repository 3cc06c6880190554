import { useRouteError } from 'react-router-dom';

/** Shown when rendering a page throws. 'Try again' re-renders by reloading the route. */
export function CrashPage() {
  const error = useRouteError() as Error | undefined;
  return (
    <main className="status-page" role="alert">
      <h1>This page crashed.</h1>
      <p className="status-page__error">{error?.message ?? String(error)}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>
  );
}
