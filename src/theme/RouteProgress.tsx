import { useEffect } from 'react';
import { useNavigation } from 'react-router-dom';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

/** The bar appears only when a navigation takes longer than this. */
export const PROGRESS_DELAY_MS = 200;
NProgress.configure({ minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800, showSpinner: false } as Partial<NProgress.NProgressOptions>);

export function RouteProgress() {
  const loading = useNavigation().state !== 'idle';
  useEffect(() => {
    if (!loading) return;
    const t = setTimeout(() => NProgress.start(), PROGRESS_DELAY_MS);
    return () => {
      clearTimeout(t);
      NProgress.done();
    };
  }, [loading]);
  return null;
}
