import { useEffect, useState } from 'react';
import { useNavigationPending } from '../router/AppRouter.tsx';

/** Shown over the page area when the next page takes long enough to be noticed (not on quick loads). */
const SHOW_AFTER_MS = 500;

export function LoadingPage() {
  const loading = useNavigationPending();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const t = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(t);
  }, [loading]);
  if (!visible) return null;
  return (
    <div className="loading-page" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>Loading…</span>
    </div>
  );
}
