import { data } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { paths } from '../../paths';
import { headTags } from '../../seo';
import { QrCode } from '../../ui/qr-code';
import { rafflePath } from '../lottery/raffle-paths';
import type { Route } from './+types/offline-stall';
import { VenueNotFound } from './venue-not-found';
import { venuePaths } from './venue-paths';
import './venues.css';

/**
 * The stall sheet for offline events (`/offline-stall`, `?venue=cd16` for a venue's stand): QR
 * codes to the app download page, the current raffle (the venue's own with `venue`) and the
 * venue's page, drawn on the server with `qrcode` as SVG so they print sharp at any size. Meant
 * to be printed: the print style drops the site's chrome and keeps each code whole on the page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['venues']);
  const { venues, lottery, qr } = context.services;
  const slug = base.url.searchParams.get('venue');
  const venue = slug ? await venues.view(slug, base.locale) : null;
  const head = {
    title: base.t('venues', 'stall.title'),
    description: base.t('venues', 'stall.text'),
    canonical: base.canonical,
    noindex: true,
  };
  // A sheet printed for the wrong venue is worse than none: an unknown venue is a 404.
  if (slug && !venue) return data({ i18n: base.i18n, page: null, head }, { status: 404 });

  const campaignId = venue ? Number(venue.campaignId) : await lottery.currentRaffleId();
  const raffle = campaignId ? await lottery.page(campaignId, base.locale) : null;
  const targets: { key: string; hint: 'stall.appHint' | 'stall.raffleHint' | 'stall.venueHint'; title: string; path: string }[] = [
    { key: 'app', hint: 'stall.appHint', title: base.t('venues', 'stall.app'), path: paths.download },
    ...(raffle
      ? [{ key: 'raffle', hint: 'stall.raffleHint' as const, title: raffle.info.title, path: rafflePath('', { activeId: raffle.info.id }) }]
      : []),
    ...(venue ? [{ key: 'venue', hint: 'stall.venueHint' as const, title: venue.name, path: venuePaths.landing(venue.slug) }] : []),
  ];
  const codes = await Promise.all(
    targets.map(async (c) => {
      const url = `${base.origin}${c.path}`;
      return { ...c, url, svg: await qr.svg(url) };
    }),
  );
  return { i18n: base.i18n, page: { venue: venue ? { name: venue.name, place: venue.place } : null, codes }, head };
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function OfflineStall({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('venues');
  if (!loaderData.page) return <VenueNotFound />;
  const { venue, codes } = loaderData.page;
  return (
    <article className="stall">
      <header className="stall-head">
        <h1>{venue?.name ?? t('stall.title')}</h1>
        <p className="muted">{venue ? venue.place : t('stall.text')}</p>
      </header>
      <ul className="stall-codes">
        {codes.map((c) => (
          <li key={c.key} className="stall-code">
            <h2>{c.title}</h2>
            <p className="muted small">{t(c.hint)}</p>
            <QrCode svg={c.svg} label={t('stall.qrLabel', { url: c.url })} />
            <p className="stall-url small">{c.url}</p>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-block stall-print" onClick={() => window.print()}>
        {t('stall.print')}
      </button>
    </article>
  );
}
