import siteConfig from '../../site.config.ts';

/** The tag-manager container: build-time VITE_GTM_CONTAINER_ID wins over site.config.ts; none = no script. */
export function tagManagerId(): string | null {
  return (import.meta.env.VITE_GTM_CONTAINER_ID as string | undefined) || siteConfig.analytics.gtmContainerId;
}

/**
 * Loads the tag manager once the page is interactive and the browser is idle. A failure to load
 * it is ignored: nothing on the page depends on it.
 */
let requested = false;

export function loadTagManagerWhenIdle() {
  const id = tagManagerId();
  if (!id || requested) return;
  requested = true;
  const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1));
  idle(() => {
    const w = window as unknown as { dataLayer?: unknown[] };
    w.dataLayer = w.dataLayer ?? [];
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.id = 'gtm-script';
    script.async = true;
    script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
    script.onerror = () => script.remove();
    document.head.append(script);
  });
}
