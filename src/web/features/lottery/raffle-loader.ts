import { type AppLoadContext, data } from 'react-router';
import { pageBase } from '../../page-loader';
import { excerptOf } from '../content/content-loader';
import { queryId } from './raffle-paths';

type Base = ReturnType<typeof pageBase>;

/** Every raffle page reads the campaign from `activeId` and has the `lottery` catalogue. */
export function raffleBase(request: Request, context: Parameters<typeof pageBase>[1]) {
  const base = pageBase(request, context, ['lottery', 'enums']);
  return { ...base, activeId: queryId(base.url.searchParams, 'activeId') };
}

/**
 * The head of the personal raffle pages (prizes, addresses, staff): not indexed, and not cached
 * by shared caches (the default `private, no-cache` applies), since their data is fetched by the
 * signed-in browser.
 */
export function personalPage(base: Base & { activeId: number | null }, titleKey: string) {
  return {
    i18n: base.i18n,
    locale: base.locale,
    activeId: base.activeId,
    head: {
      title: base.t('lottery', titleKey),
      description: base.t('lottery', 'meta.description'),
      canonical: base.canonical,
      noindex: true,
    },
  };
}

/** A personal page about one campaign: 404 (and the not-found title) without `activeId`. */
export function campaignPage<X extends object>(base: Base & { activeId: number | null }, titleKey: string, extra?: X) {
  const missing = !base.activeId;
  return data({ ...personalPage(base, missing ? 'notFound.title' : titleKey), ...(extra as X) }, { status: missing ? 404 : 200 });
}

/** An unknown or missing campaign: the translated "not available" state with a 404. */
export function campaignMissing(base: Base) {
  return data(
    {
      i18n: base.i18n,
      locale: base.locale,
      page: null,
      head: {
        title: base.t('lottery', 'notFound.title'),
        description: base.t('lottery', 'notFound.text'),
        canonical: base.canonical,
        noindex: true,
      },
    },
    { status: 404 },
  );
}

/** A draw campaign's public page (wheel, blind box, planet): the campaign, or the 404 state. */
export async function drawCampaignLoader(request: Request, context: AppLoadContext) {
  const base = raffleBase(request, context);
  const page = base.activeId ? await context.services.lottery.page(base.activeId, base.locale) : null;
  if (!page) return campaignMissing(base);
  return {
    i18n: base.i18n,
    locale: base.locale,
    page,
    head: {
      title: page.info.title,
      description: excerptOf(page.info.rules) || base.t('lottery', 'meta.description'),
      canonical: `${base.canonical}?activeId=${page.info.id}`,
    },
  };
}
