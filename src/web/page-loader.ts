import type { AppLoadContext } from 'react-router';
import type { Namespace } from './i18n/namespaces';
import type { PageHead } from './seo';

/**
 * What every page loader starts with: the page's catalogues (only its namespaces), the canonical
 * URL, and a translator for the head tags (which are rendered from loader data).
 */
export function pageBase(request: Request, context: AppLoadContext, namespaces: readonly Namespace[]) {
  const { services, ctx } = context;
  const url = new URL(request.url);
  const origin = services.config.publicUrl ?? url.origin;
  return {
    locale: ctx.locale,
    i18n: services.i18n.bundle(ctx.locale, namespaces),
    canonical: origin + url.pathname,
    origin,
    url,
    t: (ns: Namespace, key: string, params?: Record<string, string | number>) => services.i18n.translate(ctx.locale, ns, key, params),
  };
}

export type { PageHead };
