import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { AnalyticsClientConfig } from '../../shared/api/site';
import { readCookie } from '../api/identity';
import { identify, trackPageView } from './track';

/**
 * Mounted once in the root: loads the SDK when the browser is idle after the first paint (never
 * in the first-load JavaScript), says who is signed in, and sends a page view per route change.
 */
export function Analytics({ config }: { config: AnalyticsClientConfig }) {
  const { pathname, search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load; the config does not change.
  useEffect(() => {
    identify(readCookie('userId'));
    return afterFirstPaint(() => {
      import('./sdk').then(
        (m) => m.startSdk(config),
        () => {
          // Blocked or offline: the site works the same without analytics.
        },
      );
    });
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page is a new path or query.
  useEffect(() => trackPageView(), [pathname, search]);
  return null;
}

function afterFirstPaint(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = requestIdleCallback(run, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1000);
  return () => clearTimeout(id);
}
