import { useCallback } from 'react';
import type * as contract from '../../../shared/api/content';
import { CONTENT_API } from '../../../shared/api/routes';
import { useApi } from '../../api/use-api';
import { publicPageHeaders } from '../../cache-headers';
import { useTranslation } from '../../i18n/react';
import { pageBase } from '../../page-loader';
import { headTags } from '../../seo';
import type { Route } from './+types/timelapses';
import { TimelapseCardView } from './cards';
import { absolute, found } from './content-loader';
import { LoadMore, usePaged } from './paged';

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

export const meta: Route.MetaFunction = ({ data }) => headTags(data?.head);

export default function Timelapses({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content');
  const api = useApi();
  const load = useCallback((page: number) => api.call<typeof contract.timelapses>(CONTENT_API.timelapses, { page }), [api]);
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
