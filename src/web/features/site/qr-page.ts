import type { AppLoadContext } from 'react-router';
import { pageBase } from '../../page-loader';

/**
 * Loader data of the pages that show a QR code for a page of this site: `?url=` names the page
 * (only paths of this site are drawn), `fallback` is used without one.
 */
export async function qrPageData(request: Request, context: AppLoadContext, fallback: string, keys: { title: string; text: string }) {
  const base = pageBase(request, context, ['site']);
  const target = context.services.qr.sameSiteUrl(base.origin, base.url.searchParams.get('url')) ?? `${base.origin}${fallback}`;
  return {
    i18n: base.i18n,
    target,
    qr: await context.services.qr.svg(target),
    head: { title: base.t('site', keys.title), description: base.t('site', keys.text), canonical: base.canonical },
  };
}
