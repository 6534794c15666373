import { useCallback } from 'react';
import { Link } from 'react-router';
import type { TimelapseCard } from '../../../shared/api/content';
import { CONTENT_API } from '../../../shared/api/routes-content';
import { formatDate } from '../../../shared/format';
import { useLazyApi } from '../../api/lazy-api';
import { useApp } from '../../app-context';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import type { Route } from './+types/timelapses';
import { absolute, found } from './content-loader';
import { contentMeta } from './content-meta';
import { contentPaths } from './content-paths';
import { useDuration } from './duration';
import { LoadMore, usePaged } from './paged';
import './lists.css';

/** The time-lapse list: recent print timelapses, newest first, more on scroll. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const base = pageBase(request, context, ['content']);
  const list = await context.services.content.timelapses({ page: 1, pageSize: 10 });
  const image = absolute(base, list.list[0]?.posterUrl);
  return found(base, list, {
    title: base.t('content', 'timelapses.title'),
    description: base.t('content', 'timelapses.description'),
    ...(image ? { image } : {}),
  });
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = contentMeta;

export default function Timelapses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content');
  // Only "load more" calls the API: the client loads with the second page, not the first.
  const api = useLazyApi();
  const load = useCallback(async (page: number) => (await api()).call(CONTENT_API.timelapses, { page }), [api]);
  const list = usePaged(loaderData.item, load);
  return (
    <section className="timelapses">
      <h1 className="section-title">{t('timelapses.title')}</h1>
      {list.items.length ? (
        <ul className="tile-grid">
          {list.items.map((item) => (
            <TimelapseCardView key={item.id} item={item} />
          ))}
        </ul>
      ) : (
        <p className="muted center">{t('timelapses.none')}</p>
      )}
      <LoadMore hasMore={list.hasMore} busy={list.busy} more={list.more} />
    </section>
  );
}

function TimelapseCardView({ item }: { item: TimelapseCard }) {
  const { locale } = useApp();
  const duration = useDuration();
  return (
    <li className="tile-card">
      <Link to={contentPaths.timelapse(item.id)}>
        {item.posterUrl ? <img src={item.posterUrl} alt="" width={320} height={240} loading="lazy" /> : <span className="tile-blank" />}
        <strong>{item.model?.title ?? item.printer}</strong>
      </Link>
      <span className="muted small">
        {[item.printer, duration(item.durationSeconds), formatDate(new Date(item.createdAt).toISOString(), locale)]
          .filter(Boolean)
          .join(' · ')}
      </span>
    </li>
  );
}
