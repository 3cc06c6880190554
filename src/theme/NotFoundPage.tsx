import { Link } from 'react-router-dom';
import { currentVersion } from '../site-data.ts';

export function NotFoundPage() {
  return (
    <main className="status-page" id="not-found">
      <h1>Page Not Found</h1>
      <p>We could not find the page you were looking for. It may have moved, or the link may be wrong.</p>
      <p>
        <Link to="/">Go to the home page</Link> or <Link to={currentVersion.mainDocRoute}>start with Getting Started</Link>.
      </p>
    </main>
  );
}
