import { type AppLoadContext, data } from 'react-router';
import { RAFFLE_LOOKS, type RaffleLook } from '../../../shared/api/lottery';
import { pageBase } from '../../page-loader';
import { excerptOf } from '../content/content-loader';
import type { NoneRunningState } from './none-running';
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
  return data(
    { ...personalPage(base, missing ? 'notFound.title' : titleKey), none: null, ...(extra as X) },
    { status: missing ? 404 : 200 },
  );
}

/**
 * A personal page about the visitor's part in a campaign (prizes, invited friends): the campaign
 * `activeId` names; without one, the wheel raffle running now, or the "none running" state when
 * there is none. A wrong `activeId` is the 404 state.
 */
export async function runningCampaignPage(base: Base & { activeId: number | null }, context: AppLoadContext, titleKey: string) {
  if (base.url.searchParams.has('activeId')) return campaignPage(base, titleKey);
  const activeId = await context.services.lottery.currentRaffleId('wheel');
  if (activeId) return campaignPage({ ...base, activeId }, titleKey);
  return data({ ...personalPage(base, titleKey), none: await noneRunning(context, 'wheel') });
}

/** An unknown or missing campaign: the translated "not available" state with a 404. */
export function campaignMissing(base: Base) {
  return data(
    {
      i18n: base.i18n,
      locale: base.locale,
      page: null,
      none: null,
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

/**
 * A draw campaign's public page (wheel, blind box, planet): the campaign `activeId` names (any
 * raffle, in this page's look); without one, the raffle of this look running now, or the "none
 * running" state (200) when there is none. A wrong `activeId` is the 404 state.
 */
export async function drawCampaignLoader(request: Request, context: AppLoadContext, look: RaffleLook) {
  const base = raffleBase(request, context);
  const { lottery } = context.services;
  const asked = base.url.searchParams.has('activeId');
  const id = base.activeId ?? (asked ? null : await lottery.currentRaffleId(look));
  const page = id ? await lottery.page(id, base.locale) : null;
  if (!page && !asked) {
    const none = await noneRunning(context, look);
    return {
      i18n: base.i18n,
      locale: base.locale,
      page: null,
      none,
      head: {
        title: base.t('lottery', `none.${look}`),
        description: base.t('lottery', 'meta.description'),
        canonical: base.canonical,
        noindex: true,
      },
    };
  }
  if (!page) return campaignMissing(base);
  return {
    i18n: base.i18n,
    locale: base.locale,
    page,
    none: null,
    head: {
      title: page.info.title,
      description: excerptOf(page.info.rules) || base.t('lottery', 'meta.description'),
      canonical: `${base.canonical}?activeId=${page.info.id}`,
    },
  };
}

/** No raffle of `look` runs: what the page says, and the raffle of another look that runs, if any. */
async function noneRunning(context: AppLoadContext, look: RaffleLook): Promise<NoneRunningState> {
  for (const other of RAFFLE_LOOKS) {
    if (other === look) continue;
    const id = await context.services.lottery.currentRaffleId(other);
    if (id) return { look, elsewhere: { look: other, id: String(id) } };
  }
  return { look, elsewhere: null };
}
