/** Shown when rendering the chrome throws. 'Try again' reloads the page. */
export function CrashPage({ error }: { error: Error | undefined }) {
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
