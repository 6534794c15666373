import { Link } from 'react-router';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { paths } from '../../paths';
import { headTags } from '../../seo';
import { CubeIcon, LayersIcon, PeopleIcon, PrinterIcon } from '../../ui/icons';
import { PostCardView } from '../content/cards';
import { contentPaths } from '../content/content-paths';
import type { Route } from './+types/landing';
import { CampaignTile, ModelTile, TimelapseTile } from './landing-cards';
import './landing.css';
import './landing-feed.css';

/**
 * The home page: the campaigns running now, the library's featured and newest models, recent
 * posts and timelapses, each card a link to its share page. The same for every visitor in a
 * language, so shared caches keep it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['site', 'content']);
  const feed = await context.services.site.landing(base.locale);
  return {
    i18n: base.i18n,
    feed,
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
  const { campaigns, featured, latest, posts, timelapses } = loaderData.feed;
  return (
    <div className="landing">
      <section className="hero hero-compact">
        <h1>{t('landing.title')}</h1>
        <p>{t('landing.subtitle')}</p>
        <Link className="btn btn-block" to={paths.download}>
          {t('landing.ctaDownload')}
        </Link>
      </section>

      <FeedSection id="campaigns" title={t('landing.campaignsTitle')} show={campaigns.length > 0}>
        <ul className="feed-row campaign-row">
          {campaigns.map((c) => (
            <CampaignTile key={c.id} campaign={c} />
          ))}
        </ul>
      </FeedSection>

      <FeedSection id="featured" title={t('landing.featuredTitle')} show={featured.length > 0}>
        <ul className="feed-row">
          {featured.map((m, i) => (
            <ModelTile key={m.id} model={m} eager={i < 2} />
          ))}
        </ul>
      </FeedSection>

      <FeedSection id="latest" title={t('landing.latestTitle')} show={latest.length > 0}>
        <ul className="feed-grid">
          {latest.map((m) => (
            <ModelTile key={m.id} model={m} />
          ))}
        </ul>
      </FeedSection>

      <FeedSection
        id="timelapses"
        title={t('landing.timelapsesTitle')}
        show={timelapses.length > 0}
        more={{ to: contentPaths.timelapses, label: t('landing.allTimelapses') }}
      >
        <ul className="feed-row">
          {timelapses.map((tl) => (
            <TimelapseTile key={tl.id} item={tl} />
          ))}
        </ul>
      </FeedSection>

      <FeedSection id="posts" title={t('landing.postsTitle')} show={posts.length > 0}>
        <ul className="post-list">
          {posts.map((p) => (
            <PostCardView key={p.id} post={p} />
          ))}
        </ul>
      </FeedSection>

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

      <section className="card">
        <h2>{t('landing.appTitle')}</h2>
        <p className="muted">{t('landing.appText')}</p>
        <Link className="btn btn-secondary btn-block" to={paths.download}>
          {t('landing.ctaDownload')}
        </Link>
      </section>
    </div>
  );
}

/** A titled list; not shown at all while its domain has nothing (no made-up cards). */
function FeedSection({
  id,
  title,
  show,
  more,
  children,
}: {
  id: string;
  title: string;
  show: boolean;
  more?: { to: string; label: string };
  children: React.ReactNode;
}) {
  if (!show) return null;
  return (
    <section className="feed-section" aria-labelledby={`feed-${id}`}>
      <div className="feed-head">
        <h2 className="section-title" id={`feed-${id}`}>
          {title}
        </h2>
        {more ? (
          <Link className="feed-more" to={more.to}>
            {more.label}
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}
