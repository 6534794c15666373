import { Link } from 'react-router';
import { ZCircleId, ZPostFilters } from '../../../shared/api/content';
import { formatCount } from '../../../shared/format';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { PeopleIcon } from '../../ui/icons';
import type { Route } from './+types/circle-details';
import { AuthorLine } from './author';
import { absolute, excerptOf, found, missing } from './content-loader';
import { contentMeta } from './content-meta';
import { ContentNotFound } from './content-not-found';
import { OpenInAppBar } from './open-in-app';
import { PostList } from './post-list';
import './lists.css';

/** Banner links are site paths or web addresses; anything else (`javascript:`…) goes nowhere. */
const safeLink = (link: string) => (/^(https?:\/\/|\/(?!\/))/i.test(link) ? link : '#');

const CONTENT_FILTERS = [0, 1, 2, 3, 4] as const;
const AUTHOR_FILTERS = [0, 1, 2] as const;

/** A circle (group) page (`/creality-cloud/circle-details/:circleId`): header, banners, filtered posts. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['content', 'enums']);
  const parsed = ZCircleId.safeParse(params);
  const { content } = context.services;
  const circle = parsed.success ? await content.circle(parsed.data.circleId) : null;
  if (!circle) return missing(base, 'circle');
  // Filters from the address (`?content=2&author=1`); anything else reads as "all".
  const f = ZPostFilters.safeParse({
    contentFilter: base.url.searchParams.get('content') ?? 0,
    authorFilter: base.url.searchParams.get('author') ?? 0,
  });
  const filters = f.success ? f.data : { contentFilter: 0, authorFilter: 0 };
  const posts = await content.posts({ circleId: Number(circle.id), page: 1, pageSize: 10, ...filters });
  const image = absolute(base, circle.coverUrl);
  return found(
    base,
    circle,
    { title: circle.name, description: excerptOf(circle.description) || circle.name, ...(image ? { image } : {}) },
    { filters, posts },
  );
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = contentMeta;

export default function CircleDetails({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content');
  const e = useTranslation('enums');
  const circle = loaderData.item;
  if (!circle || !('posts' in loaderData)) return <ContentNotFound icon={<PeopleIcon />} title={t('notFound.circle')} />;
  const { filters, locale } = loaderData;
  const href = (c: number, a: number) =>
    `?${new URLSearchParams({ ...(c ? { content: String(c) } : {}), ...(a ? { author: String(a) } : {}) })}`;
  return (
    <article className="circle">
      <section className="card circle-head">
        {circle.coverUrl ? <img className="circle-cover" src={circle.coverUrl} alt="" width={750} height={300} /> : null}
        <h1>{circle.name}</h1>
        <p className="muted small">
          {t('counts.members', { count: circle.memberCount, n: formatCount(circle.memberCount, locale) })} ·{' '}
          {t('counts.posts', { count: circle.postCount, n: formatCount(circle.postCount, locale) })}
        </p>
        {circle.description ? <p className="pre-line">{circle.description}</p> : null}
        <AuthorLine user={circle.owner}>
          <span className="badge">{t('circle.owner')}</span>
        </AuthorLine>
      </section>
      {circle.banners.length ? (
        <ul className="banners" aria-label={t('circle.banners')}>
          {circle.banners.map((b) => (
            <li key={b.id}>
              <a href={safeLink(b.link)}>
                {b.imageUrl ? <img src={b.imageUrl} alt="" width={320} height={160} loading="lazy" /> : null}
                <span className="badge">{e.t(`bannerKind.${b.kind as 1 | 2 | 3}`)}</span>
                <strong>{b.title}</strong>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <OpenInAppBar deepLink={`crealitycloud://circle/${circle.id}`} />
      <nav className="filters" aria-label={t('circle.filters')}>
        <div className="chips">
          {CONTENT_FILTERS.map((c) => (
            <Link
              key={c}
              className="chip"
              to={href(c, filters.authorFilter)}
              replace
              preventScrollReset
              aria-current={c === filters.contentFilter ? 'true' : undefined}
            >
              {e.t(`contentFilter.${c}`)}
            </Link>
          ))}
        </div>
        <div className="chips">
          {AUTHOR_FILTERS.map((a) => (
            <Link
              key={a}
              className="chip"
              to={href(filters.contentFilter, a)}
              replace
              preventScrollReset
              aria-current={a === filters.authorFilter ? 'true' : undefined}
            >
              {e.t(`authorFilter.${a}`)}
            </Link>
          ))}
        </div>
      </nav>
      <PostList
        key={`${circle.id}:${filters.contentFilter}:${filters.authorFilter}`}
        scope={{ circleId: circle.id }}
        filters={filters}
        first={loaderData.posts}
        ownerId={circle.owner.id}
      />
    </article>
  );
}
