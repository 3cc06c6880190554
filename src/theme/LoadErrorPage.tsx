/** A page's code could not be loaded (offline, or the site was redeployed). Retry loads it again. */
export function LoadErrorPage({ error }: { error: Error }) {
  return (
    <main className="status-page" role="alert">
      <h1>This page could not be loaded.</h1>
      <p className="status-page__error">{error.message}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Retry
      </button>
    </main>
  );
}
