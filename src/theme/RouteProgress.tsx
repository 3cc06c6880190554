import { useEffect } from 'react';
import { useNavigationPending } from '../router/AppRouter.tsx';
import 'nprogress/nprogress.css';

/** The bar appears only when a navigation takes longer than this. */
export const PROGRESS_DELAY_MS = 200;

type NProgressApi = typeof import('nprogress');
let progress: Promise<NProgressApi> | undefined;

/** The bar's code is only needed once a navigation is slow: it loads then, not with the first page. */
function loadProgress(): Promise<NProgressApi> {
  progress ??= import('nprogress').then(({ default: NProgress }) => {
    NProgress.configure({ minimum: 0.08, speed: 200, trickleRate: 0.02, trickleSpeed: 800, showSpinner: false } as Partial<NProgressApi['settings']>);
    return NProgress;
  });
  return progress;
}

export function RouteProgress() {
  const loading = useNavigationPending();
  useEffect(() => {
    if (!loading) return;
    let shown: NProgressApi | undefined;
    let done = false;
    const t = setTimeout(() => {
      loadProgress().then(
        (bar) => {
          if (done) return;
          shown = bar;
          bar.start();
        },
        () => {}, // no bar is better than an error: the navigation goes on
      );
    }, PROGRESS_DELAY_MS);
    return () => {
      done = true;
      clearTimeout(t);
      shown?.done();
    };
  }, [loading]);
  return null;
}
