import { Link } from 'react-router';
import type { VenueLanding } from '../../../shared/api/venues';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { PrizeImage } from '../lottery/prize-image';
import { rafflePath } from '../lottery/raffle-paths';
import type { Route } from './+types/venue';
import { venueBase, venueDates, venueHead, venueMissing } from './venue-loader';
import { VenueNotFound } from './venue-not-found';
import { hasLaboratory, venuePaths } from './venue-paths';
import './venues.css';

/**
 * A venue's landing page (`/cd16`, `/tct`, `/sz12`, `/hx08`): its name, place, dates and state,
 * its raffle with the prizes to win (drawn on `/activitys`), and its laboratory. The same for
 * every visitor in a language, so it is rendered once and cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = venueBase(request, context);
  const page = await context.services.venues.landing(base.slug, base.locale);
  if (!page) return venueMissing(base);
  return {
    i18n: base.i18n,
    page,
    dates: venueDates(page.venue, base),
    head: venueHead(base, page.venue, page.venue.name),
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function Venue({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('venues');
  if (!loaderData.page) return <VenueNotFound />;
  const { venue, raffle } = loaderData.page;
  return (
    <article className="venue">
      <VenueHero venue={venue} dates={loaderData.dates} />
      {raffle ? <RaffleEntry raffle={raffle} /> : <p className="notice">{t('landing.noRaffle')}</p>}
      {hasLaboratory(venue.slug) ? (
        <section className="card" aria-labelledby="venue-lab">
          <h2 id="venue-lab">{t('landing.labTitle')}</h2>
          <p className="muted">{t('landing.labText')}</p>
          <Link className="btn btn-secondary btn-block" to={venuePaths.laboratory(venue.slug)}>
            {t('landing.labGo')}
          </Link>
        </section>
      ) : null}
    </article>
  );
}

/** Name, state, dates and place: the top of every venue page. */
export function VenueHero({ venue, dates, title }: { venue: VenueLanding['venue']; dates: string; title?: string }) {
  const { t } = useTranslation('venues');
  return (
    <header className="venue-hero">
      <p className={`venue-state venue-state-${venue.state}`}>{t(`state.${venue.state}`)}</p>
      <h1>{title ?? venue.name}</h1>
      <dl className="venue-facts">
        <dt>{t('landing.when')}</dt>
        <dd>{dates}</dd>
        <dt>{t('landing.where')}</dt>
        <dd>{venue.place}</dd>
      </dl>
    </header>
  );
}

function RaffleEntry({ raffle }: { raffle: NonNullable<VenueLanding['raffle']> }) {
  const { t } = useTranslation('venues');
  const lottery = useTranslation('lottery');
  const prizes = raffle.segments.flatMap((s) => (s.prize ? [s.prize] : []));
  return (
    <section className="card venue-raffle" aria-labelledby="venue-raffle">
      <h2 id="venue-raffle">{t('landing.raffleTitle')}</h2>
      <p>
        <strong>{raffle.title}</strong> · {lottery.t(`state.${raffle.state}`)}
      </p>
      <h3>{t('landing.prizes')}</h3>
      <ul className="venue-prizes">
        {prizes.map((p) => (
          <li key={p.id}>
            <PrizeImage url={p.imageUrl} size="s" />
            {p.name}
          </li>
        ))}
      </ul>
      <Link className="btn btn-block" to={rafflePath('', { activeId: raffle.id })}>
        {t('landing.raffleGo')}
      </Link>
    </section>
  );
}
