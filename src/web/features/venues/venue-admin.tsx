import { data } from 'react-router';
import { VENUES_API } from '../../../shared/api/routes-venues';
import { formatCount } from '../../../shared/format';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { useSignedInData } from '../accounts/use-signed-in-data';
import { Personal } from '../lottery/personal-states';
import { WriteOff } from '../lottery/write-off';
import type { Route } from './+types/venue-admin';
import { venueBase, venueHead, venueMissing } from './venue-loader';
import { VenueNotFound } from './venue-not-found';
import './venues.css';

/**
 * The venue staff's page (`/cd16/admin`, `/tct/admin`, `/sz12/admin`): sign in with the login
 * sheet, then today's draws, wins and write-offs of the venue's raffle (its day in its time
 * zone), and write-off of a winner's prize by code or QR scan. Only staff of this venue get the
 * figures and may write off (the server checks; others see its refusal). `?code=` fills the code
 * in, so a phone's own camera app reading a prize's QR code lands here ready to check.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = venueBase(request, context);
  const venue = await context.services.venues.view(base.slug, base.locale);
  if (!venue) return venueMissing(base);
  const code = base.url.searchParams.get('code');
  const title = base.t('venues', 'admin.title', { name: venue.name });
  return data({
    i18n: base.i18n,
    page: { slug: venue.slug, title, code: code && /^[A-Za-z2-9]{12}$/.test(code) ? code.toUpperCase() : '' },
    head: venueHead(base, venue, title, true),
  });
}

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function VenueAdmin({ loaderData }: Route.ComponentProps) {
  if (!loaderData.page) return <VenueNotFound />;
  return <Staff {...loaderData.page} />;
}

function Staff({ slug, title, code }: { slug: string; title: string; code: string }) {
  const { t, locale } = useTranslation('venues');
  const { state, reload } = useSignedInData((api) => api.call(VENUES_API.today, { slug }, { quiet: true }), [slug]);
  const n = (v: number) => formatCount(v, locale);
  return (
    <div className="venue">
      <Personal state={state} title={title}>
        {(d) => (
          <>
            <h1 className="page-title">{title}</h1>
            <section className="card" aria-labelledby="venue-today">
              <h2 id="venue-today">{t('admin.today', { day: d.day })}</h2>
              <dl className="venue-counts">
                <div className="venue-count">
                  <dt>{t('admin.draws')}</dt>
                  <dd>{n(d.draws)}</dd>
                </div>
                <div className="venue-count">
                  <dt>{t('admin.wins')}</dt>
                  <dd>{n(d.wins)}</dd>
                </div>
                <div className="venue-count">
                  <dt>{t('admin.writtenOff')}</dt>
                  <dd>{n(d.writtenOff)}</dd>
                </div>
              </dl>
              <p className="muted small">{t('admin.timeZone', { zone: d.timeZone })}</p>
              <button type="button" className="btn btn-secondary btn-small" onClick={reload}>
                {t('admin.refresh')}
              </button>
            </section>
            <WriteOff activeId={d.campaignId} initialCode={code} onDone={reload} />
          </>
        )}
      </Personal>
    </div>
  );
}
