import { Link } from 'react-router';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { headTags } from '../../seo';
import { PrinterIcon } from '../../ui/icons';
import { contentPaths } from '../content/content-paths';
import type { Route } from './+types/laboratory';
import { VenueHero } from './venue';
import { venueBase, venueDates, venueHead, venueMissing } from './venue-loader';
import { VenueNotFound } from './venue-not-found';
import { venuePaths } from './venue-paths';
import './venues.css';

/**
 * A venue's laboratory (`/<venue>/laboratory`): the printers on show and the samples printed on
 * them, each a model of the library (thumbnail and title from the content domain) linking to its
 * model page, where visitors can download and print it themselves.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = venueBase(request, context);
  const page = await context.services.venues.laboratory(base.slug, base.locale);
  if (!page) return venueMissing(base);
  const title = base.t('venues', 'lab.title', { name: page.venue.name });
  return { i18n: base.i18n, page, title, dates: venueDates(page.venue, base), head: venueHead(base, page.venue, title) };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function Laboratory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('venues');
  if (!loaderData.page) return <VenueNotFound />;
  const { venue, samples } = loaderData.page;
  return (
    <article className="venue">
      <VenueHero venue={venue} dates={loaderData.dates} title={loaderData.title} />
      <section className="card" aria-labelledby="lab-printers">
        <h2 id="lab-printers">{t('lab.printers')}</h2>
        {venue.printers.length > 0 ? (
          <ul className="venue-printers">
            {venue.printers.map((p) => (
              <li key={`${p.name}-${p.model}`} className="venue-printer">
                <PrinterIcon className="venue-printer-icon" />
                <span>
                  <strong>{p.name}</strong>
                  <span className="muted small">{p.model}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('lab.noPrinters')}</p>
        )}
      </section>
      <section className="card" aria-labelledby="lab-samples">
        <h2 id="lab-samples">{t('lab.samples')}</h2>
        <p className="muted small">{t('lab.samplesText')}</p>
        {samples.length > 0 ? (
          <ul className="venue-samples">
            {samples.map((s) => (
              <li key={s.id}>
                <Link to={contentPaths.model(s.id)}>
                  {s.imageUrl ? (
                    <img src={s.imageUrl} alt="" width={320} height={240} loading="lazy" />
                  ) : (
                    <span className="venue-sample-blank" />
                  )}
                  <span>{s.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('lab.noSamples')}</p>
        )}
      </section>
      <p className="center">
        <Link className="tap-link" to={venuePaths.landing(venue.slug)}>
          {t('lab.back')}
        </Link>
      </p>
    </article>
  );
}
