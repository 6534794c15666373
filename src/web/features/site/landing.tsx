import { Link } from 'react-router';
import type { LandingCard } from '../../../shared/api/site';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { paths } from '../../paths';
import { headTags } from '../../seo';
import { CubeIcon, LayersIcon, PeopleIcon, PrinterIcon } from '../../ui/icons';
import type { Route } from './+types/landing';
import './landing.css';

export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['site']);
  const sections = await context.services.site.landing(base.locale);
  return {
    i18n: base.i18n,
    sections,
    head: {
      title: base.t('site', 'landing.metaTitle'),
      description: base.t('site', 'landing.metaDescription'),
      canonical: base.canonical,
    },
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

const FEATURES = [
  { key: 'models', Icon: CubeIcon },
  { key: 'community', Icon: PeopleIcon },
  { key: 'slicing', Icon: LayersIcon },
  { key: 'printing', Icon: PrinterIcon },
] as const;

export default function Landing({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('site');
  const { featured, campaigns } = loaderData.sections;
  return (
    <>
      <section className="hero">
        <h1>{t('landing.title')}</h1>
        <p>{t('landing.subtitle')}</p>
        <div className="btn-row">
          <Link className="btn btn-block" to={paths.download}>
            {t('landing.ctaDownload')}
          </Link>
        </div>
      </section>

      <h2 className="section-title">{t('landing.featuresTitle')}</h2>
      <ul className="feature-grid">
        {FEATURES.map(({ key, Icon }) => (
          <li key={key} className="feature">
            <Icon />
            <h3>{t(`landing.features.${key}.title`)}</h3>
            <p>{t(`landing.features.${key}.text`)}</p>
          </li>
        ))}
      </ul>

      <CardSection title={t('landing.campaignsTitle')} cards={campaigns} />
      <CardSection title={t('landing.featuredTitle')} cards={featured} />

      <section className="card">
        <h2>{t('landing.appTitle')}</h2>
        <p className="muted">{t('landing.appText')}</p>
        <Link className="btn btn-secondary btn-block" to={paths.download}>
          {t('landing.ctaDownload')}
        </Link>
      </section>
    </>
  );
}

/** Filled by the content and campaign domains; not shown at all while they have nothing. */
function CardSection({ title, cards }: { title: string; cards: LandingCard[] }) {
  if (cards.length === 0) return null;
  return (
    <section>
      <h2 className="section-title">{title}</h2>
      <ul className="card-row">
        {cards.map((c) => (
          <li key={c.id}>
            <Link className="tile" to={c.href}>
              <img src={c.imageUrl} alt="" loading="lazy" />
              <span>{c.title}</span>
              {c.caption ? <span className="muted small">{c.caption}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
