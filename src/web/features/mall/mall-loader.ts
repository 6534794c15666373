import type { AppLoadContext } from 'react-router';
import { ResultCode } from '../../../shared/errors';
import type { Namespace } from '../../i18n/namespaces';
import { pageBase } from '../../page-loader';
import { mallBaseOf } from './mall-paths';

/** Every mall page: the `mall` catalogue (and the page's others) and the base it is under. */
export function mallBase(request: Request, context: AppLoadContext, more: readonly Namespace[] = []) {
  const base = pageBase(request, context, ['mall', ...more]);
  const mall = mallBaseOf(base.url.pathname);
  return { ...base, mallPath: mall.path, version: mall.version };
}
type Base = ReturnType<typeof mallBase>;

/**
 * A member's page (cart, checkout, orders, an order): its data is fetched by the signed-in
 * browser, so the server renders the frame only; not indexed, not cached by shared caches.
 */
export function memberPage(base: Base, titleKey: string) {
  return {
    i18n: base.i18n,
    locale: base.locale,
    mallPath: base.mallPath,
    version: base.version,
    head: {
      title: base.t('mall', titleKey),
      description: base.t('mall', 'metaDescription'),
      canonical: base.canonical,
      noindex: true,
    },
  };
}

/** A refusal from a service that means "no such thing" (1001, or an unknown order 3804). */
export const isNotFound = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === ResultCode.notFound || code === ResultCode.orderNotFound;
};
